// What the instance requirements, fields, operations and state table share: limits and values, the status names, the sections of the documents they cite and the power-table subject of a clause.

import { on, onTransition } from '../../prose.js';
import { statesSection } from '../../sections.js';
import type { Requirement } from '../../types.js';
import { clause } from '../common.js';
import { DEVICE_SLOTS } from '../configs.js';

// Limits and values --------------------------------------------------------------------------

export const SWAP_SIZE_DEFAULT = 512;
export const MAX_CONCURRENT_CLONES = 5;
export const CLONE_DEFAULT_LABEL = 'node';
/** The shutdown watchdog gives up after more than this many boot jobs within this many minutes. */
export const WATCHDOG = { bootJobs: 5, minutes: 15 } as const;
export const ALERT_WINDOW = 'two hours';
export const OUTBOUND_RESTRICTED_PORTS = [25, 465, 587] as const;
export const MIGRATION_TYPES = ['warm', 'cold'] as const;
export const DEFAULT_MIGRATION = 'cold';
/** Rescue takes the slots sda to sdg; sdh is reserved. */
export const RESCUE_SLOTS = DEVICE_SLOTS.filter((slot) => slot !== 'sdh');
export const SCHEDULING = 'Scheduling';
export const BACKUP_DAYS = [SCHEDULING, 'Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
/** Two-hour UTC windows W0, W2, ..., W22. */
export const BACKUP_WINDOWS = [SCHEDULING, ...Array.from({ length: 12 }, (_, i) => `W${i * 2}`)];
/** Instance status names: conventions (DECISIONS 10), the document does not show them. */
export const STATUS_NAMES = [
  'running',
  'offline',
  'provisioning',
  'booting',
  'rebooting',
  'shutting_down',
  'rebuilding',
  'resizing',
  'migrating',
  'cloning',
  'restoring',
  'deleting',
];

/** The statuses an action shows while it runs; the others (`running`, `offline`) are settled. */
export const TRANSITIONAL_STATUSES: ReadonlySet<string> = new Set(
  STATUS_NAMES.filter((s) => s !== 'running' && s !== 'offline'),
);

export const intro = 'What the service does';
export const createSection = 'Resources and their fields > Instance (create body)';
export const updateSection = 'Resources and their fields > Instance (update body, all optional)';
export const interfaceSection =
  'Resources and their fields > Interface (element of `interfaces` and body of interface add)';
export const endpointsSection = 'Endpoints > Instances';

export { statesSection };

export const POWER = 'instance-power';
export const RESIZE_CONDITIONS =
  'no pending migration; no outstanding account balance; disk allocation within the new type';

export const onRow = (transition: string): Requirement['subject'] => onTransition(POWER, transition);

/** The three resize conditions, refused for resize and for rebuild with `type`. */
export const resizeConditions = (operation: 'instances/resize' | 'instances/rebuild'): Requirement[] => {
  const what = operation === 'instances/resize' ? 'A resize' : 'A rebuild with `type`';
  return [
    clause(
      `${operation}/pending-migration-refused`,
      `${what} is refused while a migration of the instance is pending.`,
      on(operation),
      'state',
      statesSection,
    ),
    clause(
      `${operation}/outstanding-balance-refused`,
      `${what} is refused while the account has an outstanding balance.`,
      on(operation),
      'state',
      statesSection,
    ),
    clause(
      `${operation}/disk-allocation-refused`,
      `${what} is refused while the instance has more disk allocated than the new type allows.`,
      on(operation),
      'state',
      statesSection,
    ),
  ];
};
