// HTTP binding of the disks area: not yet implemented.

import type { Handlers } from './context.js';

export const handlers: Handlers = {};
