// How service transfers see instances: ownership, the transfer blockers the model can know (a VLAN interface), and the move of instances with their per-account state to the accepting account; no HTTP types.

import { findInstance, type Instance, instanceMovedHooks, putInstance, takeInstance } from './instances.js';
import { attachAll, detachAll } from './interfaces.js';
import { forgetNodeSettings } from './managed.js';
import { forgetTagged, tagObject } from './tags.js';
import type { TransferableInstances } from './transfers.js';
import type { Account } from './world.js';

/**
 * Of the blockers the transfer conditions name (NodeBalancer, Firewall, VLAN, managed service,
 * attached volume, shared IP address, IPv6 range), the model holds only VLANs: no NodeBalancers,
 * Firewalls, volumes, IP sharing or IPv6 ranges exist, and managed services name addresses, not
 * instances. The others therefore never block.
 */
export function transferBlocker(instance: Instance): string | undefined {
  const vlan = [...instance.configs.values()].some((c) => c.interfaces.some((i) => i.purpose === 'vlan'));
  return vlan ? 'the instance is assigned to a VLAN' : undefined;
}

/**
 * Moves one instance, id kept, with its disks and profiles (they live on the instance), its
 * interfaces (re-counted in the receiving account's network indexes), its addresses, its tags
 * (made in the receiving account when missing) and, through the moved hooks, its backups and
 * reverse DNS names. Grants of the old account's users on it are dropped; the receiving account's
 * restricted users get none. Managed ssh settings stay behind (the receiver starts from defaults).
 */
export function moveInstance(from: Account, to: Account, id: number): void {
  const instance = takeInstance(from, id);
  if (!instance) return;
  for (const config of instance.configs.values()) detachAll(from, instance, config);
  forgetTagged(from, 'nodes', instance);
  forgetNodeSettings(from, id);
  for (const user of from.users.values()) user.grants.entities.node.delete(id);
  putInstance(to, instance);
  for (const config of instance.configs.values()) attachAll(to, instance, config);
  for (const label of [...instance.tags]) tagObject(to, label, 'nodes', instance);
  for (const hook of instanceMovedHooks) hook(from, to, instance);
}

/** What service transfers know of instances; the wiring installs it. */
export const transferableInstances: TransferableInstances = {
  ownedBy: (account, id) => findInstance(account, id) !== undefined,
  blocker: (account, id) => {
    const instance = findInstance(account, id);
    return instance && transferBlocker(instance);
  },
  move: (from, to, ids) => {
    for (const id of ids) moveInstance(from, to, id);
  },
};
