// Conformance of the disks area (Part 3): one test per requirement.

import { conformance } from '../support/author.js';
import * as disks from './disks/disks.js';

conformance('disks', {
  'disks/create/image-minimum-size': disks.imageMinimumSize,
  'disks/create/stackscript-compatible-image': disks.stackscriptCompatibleImage,
  'disks/create/stackscript-data-when-needed': disks.stackscriptDataWhenNeeded,
  'disks/create/authorized-users-need-ssh-key': disks.authorizedUsersNeedKey,
  'disks/clone/new-disk': disks.cloneNewDisk,
  'disks/clone/insufficient-storage': disks.cloneInsufficientStorage,
  'disks/resize/in-use-accepted': disks.resizeInUseAccepted,
  'disks/resize/succeeds-when-free': disks.resizeSucceedsWhenFree,
  'disks/resize/not-below-used-space': disks.notBelowUsedSpace,
});
