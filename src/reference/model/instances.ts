// Compute instances of the reference server, one module per topic the suites use (instances/): the store and its lookups, lazily settled statuses, addresses, create, update and delete, power, rebuild, resize and migrate, upgrade, clone; this module is the area's one entry, re-exporting what other areas and the routes use.

export type {
  Action,
  Alerts,
  BackupSettings,
  Instance,
  InstanceStatus,
  IpAddress,
  SettledStatus,
  TransitionalStatus,
} from './compute-types.js';
export { addAddress, allocatePrivateIpv4, allocatePublicIpv4, removeAddress } from './instances/addresses.js';
export { type CloneInput, cloneInstance } from './instances/clone.js';
export { createInstance, type InstanceInput } from './instances/create.js';
export { deleteInstance, dropDisksAndConfigs, type InstanceChanges, updateInstance } from './instances/lifecycle.js';
export {
  bootConfigFor,
  bootInstance,
  rebootConfigFor,
  rebootInstance,
  rescueInstance,
  resetRootPassword,
  shutdownInstance,
} from './instances/power.js';
export {
  type MigrateInput,
  migrateInstance,
  type RebuildInput,
  type ResizeInput,
  rebuildInstance,
  resizeInstance,
} from './instances/reshape.js';
export { isBusy, startAction, statusOf } from './instances/status.js';
export {
  accountBackupsEnabled,
  type BackupDeploy,
  backupSource,
  findInstance,
  getInstance,
  instanceDeletedHooks,
  instanceEntity,
  instanceMovedHooks,
  instancesOf,
  listInstances,
  putInstance,
  takeInstance,
  typeOfInstance,
} from './instances/store.js';
export { mutateInstance } from './instances/upgrade.js';
