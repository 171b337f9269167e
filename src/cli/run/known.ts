// The phase that compares a run with its baseline or known failures (what got worse, what improved, the file's hygiene) and writes a known-failures file when asked.

import { writeFileSync } from 'node:fs';
import { processRedactor } from '../../http/redact.js';
import { compareWithBaseline, type KnownState, knownFailuresFile } from '../../report/baseline.js';
import type { PhaseErrors } from '../../report/complete.js';
import type { Results } from '../../report/results.js';
import type { RunOptions } from './options.js';

/** Sets `results.baseline` from `known` (strict hygiene under --strict-known-failures) and writes --write-known-failures' file; each a phase. */
export async function judgeAgainstKnown(
  phases: PhaseErrors,
  results: Results,
  known: KnownState | undefined,
  options: Pick<RunOptions, 'strictKnownFailures' | 'writeKnownFailures'>,
): Promise<void> {
  await phases.settle('comparing with the baseline', () => {
    if (known) results.baseline = compareWithBaseline(results, known);
    const hygiene = results.baseline?.hygiene;
    if (hygiene && options.strictKnownFailures) hygiene.strict = true;
  });
  if (options.writeKnownFailures) {
    const path = options.writeKnownFailures;
    await phases.settle('writing the known-failures file', () =>
      writeFileSync(path, processRedactor.text(knownFailuresFile(results))),
    );
  }
}
