// Connects the reference models to one another in one place: each hook an area offers is filled in here, explicitly, before the first world is built, instead of by whichever module happens to load first.

import { can } from './access.js';
import { backupForDeploy, forgetInstanceBackups, moveInstanceBackups } from './backups.js';
import { hasActivePaymentMethod } from './billing.js';
import { transferableInstances } from './instance-transfers.js';
import { backupSource, findInstance, instanceDeletedHooks, instanceMovedHooks, instancesOf } from './instances.js';
import { subnetInUse } from './interfaces.js';
import { forgetInstanceRdns, moveInstanceRdns } from './ips.js';
import { managedInstances } from './managed.js';
import { stackScriptsOf } from './stackscripts.js';
import { registerTaggable } from './tags.js';
import { registerAccountStanding, registerTransferableInstances } from './transfers.js';
import { accountWide, registerGrantable } from './users.js';
import { listVpcs, subnetUsage } from './vpcs.js';
import { World } from './world.js';

let wired = false;

/** Installs every hook between the models; later calls do nothing, so the hook lists hold each hook once. */
export function wireModels(): void {
  if (wired) return;
  wired = true;
  const summary = (entity: { id: number; label: string }) => ({ id: entity.id, label: entity.label });

  // Instances as the Part 2 areas see them: taggable, grantable, managed, transferable.
  registerTaggable('nodes', {
    writable: (p, id) => {
      const instance = findInstance(p.account, id);
      return instance && can(p, 'node', id, 'read_write') ? instance : undefined;
    },
  });
  registerGrantable('node', (account) => instancesOf(account).map(summary));
  managedInstances.list = (account) => instancesOf(account).map(summary);
  managedInstances.find = (account, id) => {
    const instance = findInstance(account, id);
    return instance ? summary(instance) : undefined;
  };
  registerTransferableInstances(transferableInstances);

  // Areas holding per-instance state follow the instance when it is deleted or moves to another account.
  instanceDeletedHooks.push(forgetInstanceBackups, forgetInstanceRdns);
  instanceMovedHooks.push(moveInstanceBackups, moveInstanceRdns);
  backupSource.find = backupForDeploy;

  // The other grantable kinds, the account standing service transfers read, and subnets in use.
  registerGrantable('vpc', (account) => listVpcs(accountWide(account)).map(summary));
  registerGrantable('stackscript', (account) => stackScriptsOf(account).map(summary));
  registerAccountStanding({ acceptorHasPaymentMethod: hasActivePaymentMethod });
  subnetUsage.inUse = subnetInUse;
}

/** A new world with the models wired: how the server and the model tests build one. */
export function createWorld(...args: ConstructorParameters<typeof World>): World {
  wireModels();
  return new World(...args);
}
