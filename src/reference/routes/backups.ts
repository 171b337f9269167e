// HTTP binding of the backups area: not yet implemented.

import type { Handlers } from './context.js';

export const handlers: Handlers = {};
