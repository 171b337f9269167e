// HTTP binding of the oauth-clients area: not yet implemented.

import type { Handlers } from './context.js';

export const handlers: Handlers = {};
