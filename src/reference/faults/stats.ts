// Faults of statistics: each a defect the reference server can switch on, with the requirements that must fail.

import { faultsOf } from './define.js';

const f = faultsOf('stats');

export const statsFaults = [
  f('stats-future-month-accepted', 'range', 'answers statistics for a month after the current one', [
    'stats/view-month/past-or-current-month',
  ]),
  f('transfer-future-month-accepted', 'range', 'answers the transfer of a month after the current one', [
    'stats/transfer-month/past-or-current-month',
  ]),
];
