// The phase that readies the report directory before judging: an earlier run's reports removed, the in-progress marker left, an earlier run's Allure results retired.

import { join } from 'node:path';
import { type Retired, retireResults } from '../../report/allure-writer.js';
import { markInProgress } from '../../report/complete.js';

/** Readies `reportDir` (an absolute path) for a run started at `startedAt`; the retired results finish deleting in the background. */
export function prepareReportDir(reportDir: string, startedAt: Date, log: (line: string) => void): Retired {
  markInProgress(reportDir, startedAt);
  const retired = retireResults(join(reportDir, 'allure-results'));
  if (retired.foreign)
    log(
      `cloudconf: ${join(reportDir, 'allure-results')} holds ${retired.foreign} file(s) cloudconf did not write: left where they are (Allure reads them with this run's)`,
    );
  return retired;
}
