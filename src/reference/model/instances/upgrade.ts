// Instance upgrade (mutate): a deprecated type moves to its successor, restarting a running instance; no HTTP types.

import { findType, hasFreeUpgrade } from '../catalogue.js';
import type { Instance } from '../compute-types.js';
import { conflict } from '../errors.js';
import type { Principal } from '../world.js';
import { changeType } from './reshape.js';
import { requireIdle, startAction } from './status.js';
import { getInstance, typeOfInstance } from './store.js';

/** Upgrades a deprecated type to its successor; a running instance is restarted. */
export function mutateInstance(p: Principal, id: number, input: { allow_auto_disk_resize?: boolean }): Instance {
  const instance = getInstance(p, id, 'read_write');
  const { world } = p.account;
  const current = typeOfInstance(instance);
  if (!hasFreeUpgrade(current) && !world.fault('mutate-any-type')) {
    throw conflict(`Type ${current.id} is not deprecated: the instance has no upgrade`);
  }
  if (!world.fault('mutate-while-busy')) requireIdle(world, instance, 'An upgrade');
  const successor = findType(current.successor);
  if (successor) changeType(instance, successor, input.allow_auto_disk_resize !== false);
  const settles = world.fault('mutate-leaves-offline') ? 'offline' : instance.powered;
  startAction(world, instance, instance.powered === 'running' ? 'rebooting' : 'resizing', settles);
  return instance;
}
