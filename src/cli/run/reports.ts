// The phase that writes a run's reports: the results marked incomplete with the phases' reasons, redacted, written as Allure results and the four reports, and the in-progress marker removed.

import { processRedactor } from '../../http/redact.js';
import { writeAllureResults } from '../../report/allure-writer.js';
import { markFinished, markIncomplete, messageOf, unjudgedAsErrors } from '../../report/complete.js';
import type { Results } from '../../report/results.js';
import { writeReports } from '../../report/write.js';

/**
 * Marks `results` incomplete with `reasons` (requirements nobody judged become errors), and writes
 * the reports into `reportDir` from their redacted copy, which it returns: what the terminal shows.
 */
export async function writeRunReports(
  results: Results,
  reasons: readonly string[],
  reportDir: string,
  allure: boolean,
): Promise<Results> {
  markIncomplete(results, reasons);
  unjudgedAsErrors(results);
  const shown = processRedactor.deep(results);
  // Allure's results come from the results alone, after the run: no Allure work while the tests run.
  if (allure) {
    try {
      await writeAllureResults(reportDir, shown).retired;
    } catch (error) {
      markIncomplete(shown, [`writing the Allure results: ${messageOf(error)}`]);
    }
  }
  writeReports(reportDir, shown);
  markFinished(reportDir);
  return shown;
}
