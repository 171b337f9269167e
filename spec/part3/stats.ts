// Statistics and network transfer of an instance (Part 3): the four read operations, their year and month bounds, and the time windows they cover.

import { defineArea } from '../area.js';
import { objectOf, operations, range, scoped } from '../build.js';
import { on, proseOf } from '../prose.js';
import { otherRecords } from '../sections.js';
import type { Param, Requirement } from '../types.js';
import { at, nodeParams, nodeRead } from './common.js';

const statsSection = 'Endpoints > Statistics and transfer (nodes:read_only)';
const prose = proseOf(3);

/** Months of a year, for both monthly views. */
const MONTHS = { min: 1, max: 12 } as const;
/** Years the monthly transfer view accepts. */
const TRANSFER_YEARS = { min: 2000, max: 2037 } as const;

const month: Omit<Param, 'name'> = { type: 'integer', rules: [range(MONTHS.min, MONTHS.max)] };
const read = scoped('nodes:read_only');

const ops = operations(3, 'stats', [
  {
    id: 'stats/view',
    name: 'Statistics View',
    method: 'GET',
    path: '/node/instances/{nodeId}/stats',
    params: nodeParams,
    response: objectOf(undefined, 'the fields of the statistics record'),
    auth: read,
    access: nodeRead,
    summary: 'Returns CPU, IO, IPv4 and IPv6 statistics of an instance for the past 24 hours.',
    section: statsSection,
  },
  {
    id: 'stats/view-month',
    name: 'Statistics View (year/month)',
    method: 'GET',
    path: '/node/instances/{nodeId}/stats/{year}/{month}',
    params: { nodeId: 'integer', year: 'integer', month },
    response: objectOf(undefined, 'the fields of the statistics record'),
    auth: read,
    access: nodeRead,
    summary: 'Returns the statistics of an instance for a past or the current month.',
    section: statsSection,
  },
  {
    id: 'stats/transfer',
    name: 'Network Transfer View',
    method: 'GET',
    path: '/node/instances/{nodeId}/transfer',
    params: nodeParams,
    response: objectOf(undefined, 'the fields of the transfer record'),
    auth: read,
    access: nodeRead,
    summary: "Returns the instance's network transfer pool statistics for the current month.",
    section: statsSection,
  },
  {
    id: 'stats/transfer-month',
    name: 'Network Transfer View (year/month)',
    method: 'GET',
    path: '/node/instances/{nodeId}/transfer/{year}/{month}',
    params: {
      nodeId: 'integer',
      year: { type: 'integer', rules: [range(TRANSFER_YEARS.min, TRANSFER_YEARS.max)] },
      month,
    },
    response: objectOf(undefined, 'the fields of the transfer record'),
    auth: read,
    access: nodeRead,
    summary: 'Returns the network transfer of an instance for a past or the current month.',
    section: statsSection,
  },
]);

const requirements: Requirement[] = [
  prose(
    'stats/view/past-24-hours',
    'MUST',
    'The statistics view covers CPU, IO, IPv4 and IPv6 over the past 24 hours.',
    on('stats/view'),
    'response',
    statsSection,
  ),
  prose(
    'stats/view-month/past-or-current-month',
    'MUST',
    'A statistics request for a month after the current month is refused.',
    on('stats/view-month', 'month'),
    'range',
    statsSection,
  ),
  prose(
    'stats/view-month/current-month-past-30-days',
    'MUST',
    'The statistics of the current month cover the past 30 days.',
    on('stats/view-month'),
    'response',
    statsSection,
  ),
  prose(
    'stats/transfer/current-month',
    'MUST',
    "The transfer view reports the instance's network transfer pool statistics for the current month.",
    on('stats/transfer'),
    'response',
    statsSection,
  ),
  prose(
    'stats/transfer-month/past-or-current-month',
    'MUST',
    'A transfer request for a month after the current month is refused.',
    on('stats/transfer-month', 'month'),
    'range',
    statsSection,
  ),
];

export const area = defineArea(3, 'stats', {
  operations: ops,
  requirements,
  limits: [
    {
      item: 'Transfer year',
      limit: '2000..2037; month 1..12',
      encodedAt: ['stats/transfer-month#param:year', 'stats/transfer-month#param:month'],
      numbers: [TRANSFER_YEARS.min, TRANSFER_YEARS.max, MONTHS.min, MONTHS.max],
    },
  ],
  notShown: [
    {
      subject: 'stats',
      what: 'the fields of the statistics and transfer records (data point shape, units)',
      source: at(otherRecords),
    },
    {
      subject: 'stats',
      what: 'the status code and reason text for a future month',
      source: at('Errors'),
    },
  ],
  ambiguities: [
    {
      id: 'stats/year-bounds',
      source: at(statsSection),
      question:
        'The monthly statistics view types `year` as an integer without bounds, while the monthly transfer view bounds it to 2000..2037.',
      encoding:
        'Statistics `year` stays unbounded (only the future-month rule applies); the transfer bounds are not carried over.',
    },
    {
      id: 'stats/earliest-month',
      source: at(statsSection),
      question: 'Months before the instance existed are "past" months; what they answer is not said.',
      encoding: 'Only months after the current one are asserted to be refused; earlier months are not judged.',
    },
    {
      id: 'stats/current-month-window',
      source: at(statsSection),
      question:
        'For the current month the statistics "cover the past 30 days", which reaches into the previous month; the transfer view says only "current month".',
      encoding: 'Both written as time-window requirements; the 30-day window is stated for statistics only.',
    },
  ],
});
