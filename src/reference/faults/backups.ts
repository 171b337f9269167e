// Faults of backups: each a defect the reference server can switch on, with the requirements that must fail.

import { faultsOf } from './define.js';

const f = faultsOf('backups');

export const backupsFaults = [
  f('backups-cancel-keeps-backups', 'state', 'keeps every backup after a backups cancel', [
    'backups/cancel/deletes-all-backups',
  ]),
  f('snapshot-keeps-previous', 'state', 'keeps the former snapshot viewable after a new snapshot', [
    'backups/snapshot/replaces-existing',
  ]),
  f('restore-target-grant-unchecked', 'grant', 'restores onto a target instance the caller has no read_write on', [
    'backups/restore/target-grant',
  ]),
  f('restore-unfinished-accepted', 'state', 'restores a backup that has not completed successfully', [
    'backups/restore/requires-successful-backup',
  ]),
  f('restore-cross-region', 'cross-field', 'restores onto an instance in another region', [
    'backups/restore/same-region',
  ]),
  f('restore-target-backing-up', 'state', 'restores onto an instance that is taking a snapshot', [
    'backups/restore/target-not-backing-up',
  ]),
  f('restore-space-unchecked', 'state', 'restores without overwrite onto a target without free space', [
    'backups/restore/insufficient-space',
  ]),
  f('restore-overwrite-keeps-target', 'behaviour', "keeps the target's disks and profiles on an overwrite restore", [
    'backups/restore/overwrite-deletes-target',
  ]),
  f('restore-disks-missing', 'persistence', 'answers a restore without putting the backup disks on the target', [
    'backups/restore/disks-on-target',
  ]),
];
