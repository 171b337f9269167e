// HTTP binding of configuration profiles: read the parsed request, call the model, shape the profile records.

import type { Config, ConfigChanges, ConfigInput, Device } from '../model/configs.js';
import * as configs from '../model/configs.js';
import type { Instance } from '../model/instances.js';
import { caller, type Handlers, intParam, type RequestContext } from './context.js';
import { interfaceRecord } from './interfaces.js';
import { readableInstance, writableInstance } from './path-instance.js';

/** A device slot as a request writes it: one id set and the other null. */
const deviceRecord = (d: Device | null) =>
  d === null
    ? null
    : 'disk_id' in d
      ? { disk_id: d.disk_id, volume_id: null }
      : { disk_id: null, volume_id: d.volume_id };

/** The document does not show the profile record; this one carries every field of the create body. */
export const configRecord = (instance: Instance, c: Config) => ({
  id: c.id,
  label: c.label,
  comments: c.comments,
  devices: Object.fromEntries(Object.entries(c.devices).map(([slot, d]) => [slot, deviceRecord(d)])),
  helpers: { ...c.helpers },
  interfaces: c.interfaces.map((i) => interfaceRecord(instance, i)),
  kernel: c.kernel,
  memory_limit: c.memory_limit,
  root_device: c.root_device,
  run_level: c.run_level,
  virt_mode: c.virt_mode,
  created: c.created,
  updated: c.updated,
});

const configId = (ctx: RequestContext) => intParam(ctx, 'configId');

export const handlers: Handlers = {
  'configs/list': (ctx) => {
    const instance = readableInstance(ctx);
    return configs.configsOf(instance).map((c) => configRecord(instance, c));
  },
  'configs/create': (ctx) => {
    const instance = writableInstance(ctx);
    return configRecord(instance, configs.createConfig(caller(ctx), instance, ctx.body as unknown as ConfigInput));
  },
  'configs/view': (ctx) => {
    const instance = readableInstance(ctx);
    return configRecord(instance, configs.getConfig(instance, configId(ctx)));
  },
  'configs/update': (ctx) => {
    const instance = writableInstance(ctx);
    const changed = configs.updateConfig(caller(ctx), instance, configId(ctx), ctx.body as ConfigChanges);
    return configRecord(instance, changed);
  },
  'configs/delete': (ctx) => {
    configs.deleteConfig(caller(ctx), writableInstance(ctx), configId(ctx));
    return {};
  },
};
