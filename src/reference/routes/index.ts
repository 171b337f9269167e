// Every area's handlers, by operation id.

import type { Handlers } from './context.js';
import { handlers as vpcs } from './vpcs.js';

export const handlers: Handlers = { ...vpcs };
