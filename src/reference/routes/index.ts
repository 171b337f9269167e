// Every area's handlers, by operation id.

import { handlers as account } from './account.js';
import { handlers as backups } from './backups.js';
import { handlers as billing } from './billing.js';
import { handlers as configs } from './configs.js';
import type { Handlers } from './context.js';
import { handlers as disks } from './disks.js';
import { handlers as events } from './events.js';
import { handlers as instances } from './instances.js';
import { handlers as interfaces } from './interfaces.js';
import { handlers as ips } from './ips.js';
import { handlers as kernels } from './kernels.js';
import { handlers as managed } from './managed.js';
import { handlers as oauthClients } from './oauth-clients.js';
import { handlers as stackscripts } from './stackscripts.js';
import { handlers as stats } from './stats.js';
import { handlers as tags } from './tags.js';
import { handlers as transfers } from './transfers.js';
import { handlers as users } from './users.js';
import { handlers as vpcs } from './vpcs.js';

export const handlers: Handlers = {
  ...vpcs,
  ...stackscripts,
  ...tags,
  ...managed,
  ...account,
  ...billing,
  ...users,
  ...events,
  ...oauthClients,
  ...transfers,
  ...instances,
  ...configs,
  ...interfaces,
  ...disks,
  ...backups,
  ...ips,
  ...stats,
  ...kernels,
};
