// Conformance of the backups area (Part 3): one test per requirement.

import { conformance, whileBusy } from '../support/author.js';
import {
  disksOnTarget,
  insufficientSpace,
  overwriteDeletes,
  requiresSuccessful,
  sameRegion,
  targetGrant,
  targetNotBackingUp,
} from './backups/restore.js';
import { cancelDeletesAll, snapshotReplaces } from './backups/snapshots.js';

conformance('backups', {
  'backups/snapshot/replaces-existing': snapshotReplaces,
  'backups/cancel/deletes-all-backups': cancelDeletesAll,
  'backups/restore/requires-successful-backup': whileBusy(requiresSuccessful),
  'backups/restore/same-region': sameRegion,
  'backups/restore/target-not-backing-up': whileBusy(targetNotBackingUp),
  'backups/restore/disks-on-target': disksOnTarget,
  'backups/restore/overwrite-deletes-target': overwriteDeletes,
  'backups/restore/insufficient-space': insufficientSpace,
  'backups/restore/target-grant': targetGrant,
});
