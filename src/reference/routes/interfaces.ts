// HTTP binding of configuration profile interfaces: read the parsed request, call the model, shape the interface records.

import { getConfig } from '../model/configs.js';
import type { Instance } from '../model/instances.js';
import * as instances from '../model/instances.js';
import type { Iface, InterfaceChanges, InterfaceInput } from '../model/interfaces.js';
import * as interfaces from '../model/interfaces.js';
import { caller, type Handlers, intParam, type RequestContext } from './context.js';

/** The interface record: the fields of the Interface table, with the response values the rules by purpose fix. */
export const interfaceRecord = (instance: Instance, i: Iface) => {
  const view = interfaces.interfaceView(instance, i);
  return {
    id: view.id,
    purpose: view.purpose,
    label: view.label,
    ipam_address: view.ipam_address,
    primary: view.primary,
    subnet_id: view.subnet_id,
    vpc_id: view.vpc_id,
    ipv4: { ...view.ipv4 },
    ip_ranges: [...view.ip_ranges],
    active: view.active,
  };
};

function profile(ctx: RequestContext, level: 'read_only' | 'read_write') {
  const instance = instances.getInstance(caller(ctx), intParam(ctx, 'nodeId'), level);
  return { instance, config: getConfig(instance, intParam(ctx, 'configId')) };
}

const interfaceId = (ctx: RequestContext) => intParam(ctx, 'interfaceId');

export const handlers: Handlers = {
  'interfaces/list': (ctx) => {
    const { instance, config } = profile(ctx, 'read_only');
    return interfaces.interfacesOf(config).map((i) => interfaceRecord(instance, i));
  },
  'interfaces/add': (ctx) => {
    const { instance, config } = profile(ctx, 'read_write');
    const added = interfaces.addInterface(caller(ctx), instance, config, ctx.body as unknown as InterfaceInput);
    return interfaceRecord(instance, added);
  },
  'interfaces/order': (ctx) => {
    const { instance, config } = profile(ctx, 'read_write');
    interfaces.reorderInterfaces(caller(ctx), instance, config, ctx.body.ids as number[]);
    return {};
  },
  'interfaces/view': (ctx) => {
    const { instance, config } = profile(ctx, 'read_only');
    return interfaceRecord(instance, interfaces.getInterface(config, interfaceId(ctx)));
  },
  'interfaces/update': (ctx) => {
    const { instance, config } = profile(ctx, 'read_write');
    const changes = ctx.body as InterfaceChanges;
    return interfaceRecord(
      instance,
      interfaces.updateInterface(caller(ctx), instance, config, interfaceId(ctx), changes),
    );
  },
  'interfaces/delete': (ctx) => {
    const { instance, config } = profile(ctx, 'read_write');
    interfaces.deleteInterface(caller(ctx), instance, config, interfaceId(ctx));
    return {};
  },
};
