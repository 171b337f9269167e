// Power of an instance: boot and reboot with the profile each chooses, shut down, root password reset and rescue; no HTTP types.

import { operationById } from '../../../../spec/index.js';
import type { Config, Instance } from '../compute-types.js';
import { getConfig, parseDevices } from '../configs.js';
import { requireStrongPassword } from '../disks.js';
import { conflict, invalid } from '../errors.js';
import { type Principal, timestamp, type World } from '../world.js';
import { bootWith, onlyConfig, powerOff, requireIdle, startAction, statusOf } from './status.js';
import { getInstance, instanceEntity } from './store.js';

// ---- Power ----

function givenConfig(instance: Instance, id: number): Config {
  try {
    return getConfig(instance, id);
  } catch {
    throw invalid('config_id', `Configuration profile ${id} is not a profile of this instance`);
  }
}

const noChoice = () =>
  invalid(
    'config_id',
    'No configuration profile can be chosen: give config_id (several exist and none was booted last)',
  );

/** Boot: the given profile; else the only one; else the last booted one; else an error. */
export function bootConfigFor(world: World, instance: Instance, configId: number | undefined): Config {
  if (configId !== undefined) return givenConfig(instance, configId);
  const only = onlyConfig(instance);
  if (only) return only;
  const last =
    instance.lastBootedConfigId === undefined ? undefined : instance.configs.get(instance.lastBootedConfigId);
  if (last) return last;
  if (world.fault('boot-choice-first') && instance.configs.size > 0)
    return instance.configs.values().next().value as Config;
  throw noChoice();
}

/** Reboot: the given profile; null or omitted, the last booted one; else the only one; else an error. */
export function rebootConfigFor(world: World, instance: Instance, configId: number | null | undefined): Config {
  if (configId !== undefined && configId !== null) return givenConfig(instance, configId);
  const last =
    instance.lastBootedConfigId === undefined ? undefined : instance.configs.get(instance.lastBootedConfigId);
  if (world.fault('reboot-ignores-last-booted') && instance.configs.size > 0) {
    return instance.configs.values().next().value as Config;
  }
  if (last) return last;
  const only = onlyConfig(instance);
  if (only) return only;
  throw noChoice();
}

export function bootInstance(p: Principal, id: number, configId: number | undefined): Instance {
  const instance = getInstance(p, id, 'read_write');
  const { world } = p.account;
  requireIdle(world, instance, 'A boot');
  bootWith(world, instance, bootConfigFor(world, instance, configId), 'booting');
  return instance;
}

export function rebootInstance(p: Principal, id: number, configId: number | null | undefined): Instance {
  const instance = getInstance(p, id, 'read_write');
  const { world } = p.account;
  if (!world.fault('reboot-while-busy')) requireIdle(world, instance, 'A reboot');
  bootWith(world, instance, rebootConfigFor(world, instance, configId), 'rebooting');
  return instance;
}

export function shutdownInstance(p: Principal, id: number): Instance {
  const instance = getInstance(p, id, 'read_write');
  const { world } = p.account;
  if (!world.fault('shutdown-while-busy')) requireIdle(world, instance, 'A shut down');
  if (!world.fault('shutdown-ignored')) powerOff(world, instance, 'shutting_down');
  return instance;
}

/** Resets the root password of a shut-down instance, emitting `password_reset`. */
export function resetRootPassword(p: Principal, id: number, rootPass: string): Instance {
  const instance = getInstance(p, id, 'read_write');
  const { world } = p.account;
  const offline = statusOf(world, instance) === 'offline';
  if (!offline && !world.fault('password-reset-while-running')) {
    throw conflict('The instance must be shut down before its root password is reset');
  }
  requireStrongPassword(world, 'instances/password', 'root_pass', rootPass);
  instance.updated = timestamp(world.now());
  p.account.events.record('password_reset', instanceEntity(instance), p.user.username, 'node');
  return instance;
}

/** Boots the instance into rescue mode with the given devices (sda to sdg; sdh is reserved). */
export function rescueInstance(p: Principal, id: number, devices: Record<string, unknown> | undefined): Instance {
  const instance = getInstance(p, id, 'read_write');
  const { world } = p.account;
  requireIdle(world, instance, 'Rescue');
  const slots = operationById.get('instances/rescue')?.body?.fields.find((f) => f.name === 'devices')?.fields ?? [];
  const offered = world.fault('rescue-sdh-accepted') ? [...slots.map((s) => s.name), 'sdh'] : slots.map((s) => s.name);
  const parsed = parseDevices(instance, devices ?? {}, offered);
  instance.bootedConfigId = undefined;
  instance.activeInterfaces.clear();
  startAction(world, instance, 'booting', 'running');
  instance.rescueDevices = parsed;
  return instance;
}
