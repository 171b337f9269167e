// HTTP binding of VPCs and subnets: read the parsed request, call the model, shape the records.

import { subnetNodes, vpcIpRecords } from '../model/interfaces.js';
import type { Subnet, Vpc } from '../model/vpcs.js';
import * as vpcs from '../model/vpcs.js';
import { caller, type Handlers, intParam } from './context.js';

export const subnetRecord = (s: Subnet) => ({
  id: s.id,
  label: s.label,
  ipv4: s.ipv4,
  nodes: subnetNodes(s),
  created: s.created,
  updated: s.updated,
});

export const vpcRecord = (v: Vpc) => ({
  id: v.id,
  label: v.label,
  description: v.description,
  region: v.region,
  subnets: v.subnets.map(subnetRecord),
  created: v.created,
  updated: v.updated,
});

export const handlers: Handlers = {
  'vpcs/list': (ctx) => vpcs.listVpcs(caller(ctx)).map(vpcRecord),
  'vpcs/create': (ctx) => vpcRecord(vpcs.createVpc(caller(ctx), ctx.body as Parameters<typeof vpcs.createVpc>[1])),
  'vpcs/view': (ctx) => vpcRecord(vpcs.getVpc(caller(ctx), intParam(ctx, 'vpcId'))),
  'vpcs/update': (ctx) => vpcRecord(vpcs.updateVpc(caller(ctx), intParam(ctx, 'vpcId'), ctx.body)),
  'vpcs/delete': (ctx) => {
    vpcs.deleteVpc(caller(ctx), intParam(ctx, 'vpcId'));
    return {};
  },
  // The VPC IP lists show records derived from the vpc interfaces of instance profiles (Part 3).
  'vpcs/ips/list-all': (ctx) => vpcIpRecords(caller(ctx)),
  'vpcs/ips/list': (ctx) => vpcIpRecords(caller(ctx), vpcs.getVpc(caller(ctx), intParam(ctx, 'vpcId'))),
  'vpcs/subnets/list': (ctx) => vpcs.getVpc(caller(ctx), intParam(ctx, 'vpcId')).subnets.map(subnetRecord),
  'vpcs/subnets/create': (ctx) =>
    subnetRecord(vpcs.createSubnet(caller(ctx), intParam(ctx, 'vpcId'), ctx.body as unknown as vpcs.SubnetInput)),
  'vpcs/subnets/view': (ctx) =>
    subnetRecord(vpcs.getSubnet(caller(ctx), intParam(ctx, 'vpcId'), intParam(ctx, 'vpcSubnetId')).subnet),
  'vpcs/subnets/update': (ctx) =>
    subnetRecord(vpcs.updateSubnet(caller(ctx), intParam(ctx, 'vpcId'), intParam(ctx, 'vpcSubnetId'), ctx.body)),
  'vpcs/subnets/delete': (ctx) => {
    vpcs.deleteSubnet(caller(ctx), intParam(ctx, 'vpcId'), intParam(ctx, 'vpcSubnetId'));
    return {};
  },
};
