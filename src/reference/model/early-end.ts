// The `held-actions-end-early` variant: every action of an account in progress ends once the account has read anything, as a server whose work finishes before a client can look twice; no HTTP types.

import { endBackupsInProgress } from './backups.js';
import { instancesOf } from './instances.js';
import type { Account, World } from './world.js';

/** Ends, as of now, every action, migration, clone and backup of the account still in progress. */
export function endActionsInProgress(world: World, account: Account): void {
  const now = world.now().getTime();
  for (const instance of instancesOf(account)) {
    if (instance.action) instance.action.until = Math.min(instance.action.until, now);
    instance.migrationUntil = Math.min(instance.migrationUntil, now);
    instance.clonesUntil = instance.clonesUntil.map((until) => Math.min(until, now));
  }
  endBackupsInProgress(account);
}
