// Faults of VPCs and their subnets: each a defect the reference server can switch on, with the requirements that must fail.

import { eventMissing, faultsOf, skipRule } from './define.js';

const f = faultsOf('vpcs');

export const vpcsFaults = [
  f('vpc-subnets-dropped', 'behaviour', 'creates a VPC without the subnets of its body', [
    'vpcs/create/subnets-created',
  ]),
  f('vpc-ips-one-per-instance', 'behaviour', 'lists one VPC address per instance in the VPC IP lists', [
    'vpcs/ips/list-all/every-vpc-interface',
  ]),
  f('vpc-ips-every-vpc', 'behaviour', "lists every VPC's addresses in one VPC's IP list", [
    'vpcs/ips/list/one-vpc-only',
  ]),
  eventMissing('vpcs', 'vpc_create'),
  f('vpc-delete-partial', 'state', 'deletes a VPC although a subnet is not deletable', ['vpcs/delete/all-or-nothing']),
  skipRule('vpcs/create/label-length'),
  skipRule('vpcs/subnets/create/ipv4-canonical-cidr'),
  f('subnet-in-use-ignored', 'state', 'deletes subnets that still have interfaces', [
    'vpcs/subnets/delete/refused-with-interfaces',
  ]),
];
