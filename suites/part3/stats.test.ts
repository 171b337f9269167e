// Conformance of the stats area (Part 3): one test per requirement.

import { conformance } from '../support/author.js';
import { statsFutureMonth, transferFutureMonth } from './stats/months.js';

conformance('stats', {
  'stats/view-month/past-or-current-month': statsFutureMonth,
  'stats/transfer-month/past-or-current-month': transferFutureMonth,
});
