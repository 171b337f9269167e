// HTTP binding of the ips area: not yet implemented.

import type { Handlers } from './context.js';

export const handlers: Handlers = {};
