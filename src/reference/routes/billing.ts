// HTTP binding of the billing area: not yet implemented.

import type { Handlers } from './context.js';

export const handlers: Handlers = {};
