// HTTP binding of the instances area: not yet implemented.

import type { Handlers } from './context.js';

export const handlers: Handlers = {};
