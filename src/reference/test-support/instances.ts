// For the model self-tests: instances as most tests want them, deployed from an image or empty, in us-east on g6-standard-1 unless told.

import { createInstance, type InstanceInput } from '../model/instances.js';
import type { Principal } from '../model/world.js';

/** A root password the strength estimator accepts. */
export const STRONG_PASSWORD = 'Xk3!vLq9#pWz7Rt2';

/** An instance deployed from Debian 12 with a strong root password (booted, unless `extra` says otherwise). */
export const deployedInstance = (p: Principal, extra: Partial<InstanceInput> = {}) =>
  createInstance(p, {
    region: 'us-east',
    type: 'g6-standard-1',
    image: 'node/debian12',
    root_pass: STRONG_PASSWORD,
    ...extra,
  });

/** An instance with no disks and no image. */
export const emptyInstance = (p: Principal, extra: Partial<InstanceInput> = {}) =>
  createInstance(p, { region: 'us-east', type: 'g6-standard-1', ...extra });
