// Faults of kernels: each a defect the reference server can switch on, with the requirements that must fail.

import { faultsOf } from './define.js';

const f = faultsOf('kernels');

export const kernelsFaults = [
  f('kernels-named-missing', 'behaviour', 'leaves the default kernel out of the kernel list', [
    'kernels/list/named-kernels',
  ]),
];
