// HTTP binding of the interfaces area: not yet implemented.

import type { Handlers } from './context.js';

export const handlers: Handlers = {};
