// HTTP binding of the kernels area: not yet implemented.

import type { Handlers } from './context.js';

export const handlers: Handlers = {};
