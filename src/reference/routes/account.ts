// HTTP binding of the account area: not yet implemented.

import type { Handlers } from './context.js';

export const handlers: Handlers = {};
