// Every area's handlers, by operation id.

import type { Handlers } from './context.js';
import { handlers as events } from './events.js';
import { handlers as managed } from './managed.js';
import { handlers as stackscripts } from './stackscripts.js';
import { handlers as tags } from './tags.js';
import { handlers as users } from './users.js';
import { handlers as vpcs } from './vpcs.js';

export const handlers: Handlers = { ...vpcs, ...stackscripts, ...tags, ...managed, ...users, ...events };
