// HTTP binding of the stats area: not yet implemented.

import type { Handlers } from './context.js';

export const handlers: Handlers = {};
