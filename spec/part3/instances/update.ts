// Requirements of instance update: the fields it changes and the tag gate.

import type { Requirement } from '../../types.js';
import { ALERT_WINDOW, clause, onOp, SCHEDULING, updateSection, WATCHDOG } from './common.js';

export const updateRequirements: Requirement[] = [
  clause(
    'instances/update/tags-unrestricted-only',
    'Instance update with `tags` refuses a restricted user.',
    onOp('instances/update', 'tags'),
    'unrestricted-only',
    'Authentication',
  ),
  clause(
    'instances/update/watchdog-reboots',
    'With `watchdog_enabled` true, an instance that powers off unexpectedly is booted again by a boot job.',
    onOp('instances/update', 'watchdog_enabled'),
    'behaviour',
    updateSection,
  ),
  clause(
    'instances/update/watchdog-gives-up',
    `The watchdog gives up after more than ${WATCHDOG.bootJobs} boot jobs within ${WATCHDOG.minutes} minutes.`,
    onOp('instances/update', 'watchdog_enabled'),
    'behaviour',
    updateSection,
  ),
  clause(
    'instances/update/alerts-average-window',
    `Each alert threshold is compared with the average of its measure over ${ALERT_WINDOW}.`,
    onOp('instances/update', 'alerts'),
    'behaviour',
    updateSection,
  ),
  clause(
    'instances/update/alert-zero-disables',
    'An alert threshold of 0 disables that alert.',
    onOp('instances/update', 'alerts'),
    'behaviour',
    updateSection,
  ),
  clause(
    'instances/update/backup-schedule-chosen',
    `An unset backup day or window is chosen by the service, and reads \`${SCHEDULING}\` until then.`,
    onOp('instances/update', 'backups.schedule'),
    'behaviour',
    updateSection,
  ),
  clause(
    'instances/update/backup-window-span',
    'A backup window `Wn` is the two-hour UTC span starting at hour n (`W10` is 10:00 to 12:00).',
    onOp('instances/update', 'backups.schedule.window'),
    'behaviour',
    updateSection,
  ),
];
