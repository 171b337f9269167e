// The status of an instance, computed lazily from the end time of its action, and the power primitives every action builds on: start an action, boot with a profile, power off; no HTTP types.

import type {
  Action,
  Config,
  Devices,
  Instance,
  InstanceStatus,
  SettledStatus,
  TransitionalStatus,
} from '../compute-types.js';
import { conflict } from '../errors.js';
import { timestamp, type World } from '../world.js';

export const nowMs = (world: World) => world.now().getTime();

/** Whether an action of the instance is still running (a zero action delay ends every action at once). */
export const isBusy = (world: World, instance: Instance): boolean =>
  instance.action !== undefined && nowMs(world) < instance.action.until;

/** Whether the root device of the booted profile holds a device; a boot waits until it does. */
function rootMounted(instance: Instance): boolean {
  if (instance.rescueDevices || instance.bootedConfigId === undefined) return true;
  const config = instance.configs.get(instance.bootedConfigId);
  if (!config) return true;
  const slot = /^\/dev\/(?:sd|xvd|vd)([a-h])/.exec(config.root_device)?.[1];
  if (slot) return config.devices[`sd${slot}` as keyof Devices] !== null;
  return Object.values(config.devices).some((d) => d !== null);
}

/** The status as of now, computed from the action's end time rather than by timers. */
export function statusOf(world: World, instance: Instance): InstanceStatus {
  if (isBusy(world, instance)) {
    const shown = (instance.action as Action).status;
    return shown === 'shutting_down' && world.fault('status-name-invented') ? ('stopping' as InstanceStatus) : shown;
  }
  if (instance.powered === 'running' && !rootMounted(instance)) return 'booting';
  return instance.powered;
}

/** Starts an action: the instance shows `status` for the action delay, then settles in `settles`. */
export function startAction(
  world: World,
  instance: Instance,
  status: TransitionalStatus,
  settles: SettledStatus,
): void {
  const until = nowMs(world) + world.delayFor(instance.accountId);
  instance.action = { status, until: Math.max(until, instance.action?.until ?? 0) };
  instance.powered = settles;
  instance.updated = timestamp(world.now());
}

export function requireIdle(world: World, instance: Instance, what: string): void {
  if (isBusy(world, instance)) {
    throw conflict(`${what} is refused while another action of the instance is running or queued`);
  }
}

export const activeClones = (world: World, instance: Instance): number => {
  const now = nowMs(world);
  instance.clonesUntil = instance.clonesUntil.filter((until) => until > now);
  return instance.clonesUntil.length;
};

// ---- Profiles a boot chooses ----

/** The profile a deploy boots with: its default profile (or the first of those a backup brought). */
export const firstConfig = (instance: Instance): Config | undefined => instance.configs.values().next().value;

export const onlyConfig = (instance: Instance): Config | undefined =>
  instance.configs.size === 1 ? (instance.configs.values().next().value as Config) : undefined;

/** Boots (or reboots) the instance with a profile, making that profile's interfaces the active ones. */
export function bootWith(
  world: World,
  instance: Instance,
  config: Config | undefined,
  status: TransitionalStatus,
): void {
  instance.rescueDevices = undefined;
  instance.bootedConfigId = config?.id;
  if (config) instance.lastBootedConfigId = config.id;
  instance.activeInterfaces = new Set(
    world.fault('interfaces-never-active') ? [] : config?.interfaces.map((i) => i.id),
  );
  const settles = status === 'rebooting' && world.fault('reboot-leaves-offline') ? 'offline' : 'running';
  startAction(world, instance, status, settles);
}

export function powerOff(world: World, instance: Instance, status: TransitionalStatus): void {
  instance.bootedConfigId = undefined;
  instance.rescueDevices = undefined;
  if (!world.fault('interfaces-stay-active')) instance.activeInterfaces.clear();
  startAction(world, instance, status, 'offline');
}
