// Faults of disks: each a defect the reference server can switch on, with the requirements that must fail.

import { crossRuleSkips, faultsOf } from './define.js';

const f = faultsOf('disks');

export const disksFaults = [
  ...crossRuleSkips('disks'),
  f('disk-image-minimum-ignored', 'behaviour', "creates a disk smaller than its image's minimum", [
    'disks/create/image-minimum-size',
  ]),
  f('disk-clone-storage-unchecked', 'behaviour', 'clones a disk without free storage for it', [
    'disks/clone/insufficient-storage',
  ]),
  f('disk-resize-in-use-refused', 'state', 'refuses the request to resize a disk in use', [
    'disks/resize/in-use-accepted',
  ]),
  f('disk-resize-ignored', 'persistence', 'answers a resize of a free disk but keeps its size', [
    'disks/resize/succeeds-when-free',
  ]),
  f('disk-shrink-below-used', 'behaviour', 'shrinks a disk below the space its files take', [
    'disks/resize/not-below-used-space',
  ]),
];
