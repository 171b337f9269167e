// HTTP binding of the transfers area: not yet implemented.

import type { Handlers } from './context.js';

export const handlers: Handlers = {};
