// Requirements of instance update: the fields it changes and the tag gate.

import { on } from '../../prose.js';
import type { Requirement } from '../../types.js';
import { clause } from '../common.js';
import { ALERT_WINDOW, SCHEDULING, updateSection, WATCHDOG } from './common.js';

export const updateRequirements: Requirement[] = [
  clause(
    'instances/update/tags-unrestricted-only',
    'Instance update with `tags` refuses a restricted user.',
    on('instances/update', 'tags'),
    'unrestricted-only',
    'Authentication',
  ),
  clause(
    'instances/update/watchdog-reboots',
    'With `watchdog_enabled` true, an instance that powers off unexpectedly is booted again by a boot job.',
    on('instances/update', 'watchdog_enabled'),
    'behaviour',
    updateSection,
  ),
  clause(
    'instances/update/watchdog-gives-up',
    `The watchdog gives up after more than ${WATCHDOG.bootJobs} boot jobs within ${WATCHDOG.minutes} minutes.`,
    on('instances/update', 'watchdog_enabled'),
    'behaviour',
    updateSection,
  ),
  clause(
    'instances/update/alerts-average-window',
    `Each alert threshold is compared with the average of its measure over ${ALERT_WINDOW}.`,
    on('instances/update', 'alerts'),
    'behaviour',
    updateSection,
  ),
  clause(
    'instances/update/alert-zero-disables',
    'An alert threshold of 0 disables that alert.',
    on('instances/update', 'alerts'),
    'behaviour',
    updateSection,
  ),
  clause(
    'instances/update/backup-schedule-chosen',
    `An unset backup day or window is chosen by the service, and reads \`${SCHEDULING}\` until then.`,
    on('instances/update', 'backups.schedule'),
    'behaviour',
    updateSection,
  ),
  clause(
    'instances/update/backup-window-span',
    'A backup window `Wn` is the two-hour UTC span starting at hour n (`W10` is 10:00 to 12:00).',
    on('instances/update', 'backups.schedule.window'),
    'behaviour',
    updateSection,
  ),
];
