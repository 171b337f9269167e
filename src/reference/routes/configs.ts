// HTTP binding of the configs area: not yet implemented.

import type { Handlers } from './context.js';

export const handlers: Handlers = {};
