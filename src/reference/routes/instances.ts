// HTTP binding of compute instances: read the parsed request, call the model, shape the instance records.

import type { Instance } from '../model/instances.js';
import * as instances from '../model/instances.js';
import type { World } from '../model/world.js';
import { caller, type Handlers, intParam, type RequestContext } from './context.js';

/** The document does not show the instance record; this one carries the stored fields under conventional names. */
export const instanceRecord = (world: World, i: Instance) => {
  const type = instances.typeOfInstance(i);
  return {
    id: i.id,
    label: i.label,
    group: i.group,
    status: instances.statusOf(world, i),
    type: i.type,
    region: i.region,
    image: i.image,
    ipv4: i.ipv4.map((a) => a.address),
    ipv6: i.ipv6,
    hypervisor: 'kvm',
    specs: { disk: type.disk, memory: type.memory, vcpus: type.vcpus, transfer: type.transfer },
    alerts: { ...i.alerts },
    backups: {
      enabled: i.backups.enabled,
      available: false,
      schedule: { ...i.backups.schedule },
      last_successful: null,
    },
    watchdog_enabled: i.watchdog_enabled,
    tags: [...i.tags],
    has_user_data: i.userData !== null,
    created: i.created,
    updated: i.updated,
  };
};

const nodeId = (ctx: RequestContext) => intParam(ctx, 'nodeId');
const record = (ctx: RequestContext, i: Instance) => instanceRecord(ctx.world, i);
type Body<F extends (...args: never[]) => unknown> = Parameters<F>[2];

export const handlers: Handlers = {
  'instances/list': (ctx) => instances.listInstances(caller(ctx)).map((i) => record(ctx, i)),
  'instances/create': (ctx) =>
    record(ctx, instances.createInstance(caller(ctx), ctx.body as unknown as instances.InstanceInput)),
  'instances/view': (ctx) => record(ctx, instances.getInstance(caller(ctx), nodeId(ctx))),
  'instances/update': (ctx) => record(ctx, instances.updateInstance(caller(ctx), nodeId(ctx), ctx.body)),
  'instances/delete': (ctx) => {
    instances.deleteInstance(caller(ctx), nodeId(ctx));
    return {};
  },
  'instances/boot': (ctx) => {
    instances.bootInstance(caller(ctx), nodeId(ctx), ctx.body.config_id as number | undefined);
    return {};
  },
  'instances/reboot': (ctx) => {
    instances.rebootInstance(caller(ctx), nodeId(ctx), ctx.body.config_id as number | null | undefined);
    return {};
  },
  'instances/shutdown': (ctx) => {
    instances.shutdownInstance(caller(ctx), nodeId(ctx));
    return {};
  },
  'instances/password': (ctx) => {
    instances.resetRootPassword(caller(ctx), nodeId(ctx), ctx.body.root_pass as string);
    return {};
  },
  'instances/rescue': (ctx) => {
    instances.rescueInstance(caller(ctx), nodeId(ctx), ctx.body.devices as Record<string, unknown> | undefined);
    return {};
  },
  'instances/rebuild': (ctx) =>
    record(
      ctx,
      instances.rebuildInstance(
        caller(ctx),
        nodeId(ctx),
        ctx.body as unknown as Body<typeof instances.rebuildInstance>,
      ),
    ),
  'instances/resize': (ctx) => {
    instances.resizeInstance(caller(ctx), nodeId(ctx), ctx.body as unknown as Body<typeof instances.resizeInstance>);
    return {};
  },
  'instances/mutate': (ctx) => {
    instances.mutateInstance(caller(ctx), nodeId(ctx), ctx.body);
    return {};
  },
  'instances/migrate': (ctx) => {
    instances.migrateInstance(caller(ctx), nodeId(ctx), ctx.body);
    return {};
  },
  'instances/clone': (ctx) =>
    record(ctx, instances.cloneInstance(caller(ctx), nodeId(ctx), ctx.body as Body<typeof instances.cloneInstance>)),
  // Firewalls, NodeBalancers and volumes have no operations in the documents, so none is ever attached.
  'instances/firewalls': (ctx) => {
    instances.getInstance(caller(ctx), nodeId(ctx));
    return [];
  },
  'instances/nodebalancers': (ctx) => {
    instances.getInstance(caller(ctx), nodeId(ctx));
    return { data: [], page: 1, pages: 1, results: 0 };
  },
  'instances/volumes': (ctx) => {
    instances.getInstance(caller(ctx), nodeId(ctx));
    return [];
  },
};
