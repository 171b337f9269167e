// Compute instances (Part 3), assembled from instances/: the create and update fields, the 18 instance operations with their power and lifecycle state table, the requirements by topic, clone and migrate rules, events, errors and limits.

import { defineArea } from '../area.js';
import { on } from '../prose.js';
import type { Requirement } from '../types.js';
import { at, clause, PASSWORD_STRENGTH_ERROR, USER_DATA_MAX_BYTES } from './common.js';
import { cloneRequirements } from './instances/clone.js';
import {
  endpointsSection,
  intro,
  MAX_CONCURRENT_CLONES,
  OUTBOUND_RESTRICTED_PORTS,
  POWER,
  STATUS_NAMES,
  SWAP_SIZE_DEFAULT,
  statesSection,
  WATCHDOG,
} from './instances/common.js';
import { createRequirements } from './instances/create.js';
import { instance } from './instances/fields.js';
import { lifecycleRequirements } from './instances/lifecycle.js';
import { migrateRequirements } from './instances/migrate.js';
import { ambiguities, notShown } from './instances/not-shown.js';
import { ops } from './instances/operations.js';
import { powerTable } from './instances/states.js';
import { updateRequirements } from './instances/update.js';

export { STATUS_NAMES, TRANSITIONAL_STATUSES } from './instances/common.js';

const requirements: Requirement[] = [
  {
    ...clause(
      'instances/status-names',
      `An instance's status is one of ${STATUS_NAMES.map((s) => `\`${s}\``).join(', ')}.`,
      { kind: 'state-table', table: POWER },
      'state',
      statesSection,
      'SHOULD',
    ),
    convention: true,
  },
  clause(
    'instances/outbound-mail-ports-restricted',
    `On accounts created after the documented date in 2019, outbound connections on ports ${OUTBOUND_RESTRICTED_PORTS.join(', ')} are restricted on all instances.`,
    { kind: 'resource', resource: 'instance' },
    'behaviour',
    intro,
  ),
  ...createRequirements,
  ...updateRequirements,
  ...lifecycleRequirements,
  ...migrateRequirements,
  ...cloneRequirements,
  clause(
    'instances/nodebalancers/readable-only',
    'The NodeBalancers list of an instance holds only the NodeBalancers it is assigned to that the caller may read.',
    on('instances/nodebalancers'),
    'behaviour',
    endpointsSection,
  ),
];

export const area = defineArea(3, 'instances', {
  resources: [instance],
  operations: ops,
  requirements,
  stateTables: [powerTable],
  events: [
    {
      action: 'node_migrate_datacenter_create',
      emittedBy: ['instances/migrate'],
      when: 'a migration with a region (cross-region)',
      source: at('Events'),
    },
    {
      action: 'password_reset',
      emittedBy: ['instances/password'],
      when: 'when the root password reset succeeds',
      source: at('Events'),
    },
  ],
  errors: [
    {
      id: 'clone-concurrency',
      condition: 'More than five concurrent clones from one source',
      behaviour: 'HTTP 400',
      operations: ['instances/clone'],
      status: 400,
      requirements: ['instances/clone/concurrent-clones'],
    },
    {
      id: 'migrate-upgrade-unavailable',
      condition: 'Migrate with upgrade true and no free upgrade, or region not allowing upgrades',
      behaviour: 'HTTP 400, no migration',
      operations: ['instances/migrate'],
      status: 400,
      requirements: ['instances/migrate/upgrade-unavailable-400'],
    },
    {
      id: 'root-pass-weak',
      condition: 'root_pass too weak',
      behaviour: `error text \`${PASSWORD_STRENGTH_ERROR}\``,
      operations: ['instances/create', 'instances/password', 'instances/rebuild', 'disks/create', 'disks/password'],
      reason: PASSWORD_STRENGTH_ERROR,
      requirements: [
        'instances/create/root_pass-strength',
        'instances/password/root_pass-strength',
        'instances/rebuild/root_pass-strength',
        'disks/create/root_pass-strength',
        'disks/password/password-strength',
      ],
    },
    {
      id: 'boot-no-config',
      condition: 'Boot or reboot where no configuration can be chosen',
      behaviour: 'error returned',
      operations: ['instances/boot', 'instances/reboot'],
      requirements: ['instances/boot/no-config-refused', 'instances/reboot/no-config-refused'],
    },
    {
      id: 'delete-busy',
      condition: 'Delete of an instance that is cloning or restoring',
      behaviour: 'rejected',
      operations: ['instances/delete'],
      requirements: ['instances/delete/busy-refused'],
    },
    {
      id: 'resize-conditions',
      condition: 'Resize or rebuild with pending migration, outstanding balance or too much disk allocation',
      behaviour: 'rejected',
      operations: ['instances/resize', 'instances/rebuild'],
      requirements: ['instances/resize', 'instances/rebuild'].flatMap((op) =>
        ['pending-migration-refused', 'outstanding-balance-refused', 'disk-allocation-refused'].map(
          (slug) => `${op}/${slug}`,
        ),
      ),
    },
  ],
  limits: [
    {
      item: 'Instance label',
      limit: '3..64 characters',
      encodedAt: ['instance.label', 'instances/clone#label'],
      numbers: [3, 64],
    },
    {
      item: 'root_pass',
      limit: '7..128 characters',
      encodedAt: ['instance.root_pass', 'instances/password#root_pass', 'instances/rebuild#root_pass'],
      numbers: [7, 128],
    },
    {
      item: 'Concurrent clones per source',
      limit: '5',
      encodedAt: ['instances/clone#rule:concurrent-clones'],
      numbers: [MAX_CONCURRENT_CLONES],
    },
    {
      item: 'user_data',
      limit: 'at most 65535 bytes unencoded',
      encodedAt: [
        'instance.metadata.user_data',
        'instances/rebuild#metadata.user_data',
        'instances/clone#metadata.user_data',
      ],
      numbers: [USER_DATA_MAX_BYTES],
    },
    {
      item: 'stackscript_data',
      limit: 'at most 65535 characters',
      encodedAt: ['instance.stackscript_data', 'instances/rebuild#stackscript_data'],
      numbers: [65535],
    },
    { item: 'swap_size default', limit: '512', encodedAt: ['instance.swap_size'], numbers: [SWAP_SIZE_DEFAULT] },
    {
      item: 'Watchdog',
      limit: 'gives up after more than 5 boot jobs within 15 minutes',
      encodedAt: [],
      numbers: [WATCHDOG.bootJobs, WATCHDOG.minutes],
      note: 'A count of boot jobs over time, held by no rule: requirement instances/update/watchdog-gives-up (excluded: an unexpected power-off cannot be caused through the API).',
    },
    {
      item: 'Alert averaging window',
      limit: 'two hours',
      encodedAt: [],
      numbers: [],
      note: 'A time window, held by no rule: requirement instances/update/alerts-average-window (excluded: time).',
    },
  ],
  notShown,
  ambiguities,
});
