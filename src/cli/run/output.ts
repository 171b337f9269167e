// The last phase of a run: what a person or a CI reads at the end (incomplete reasons, the summary or its JSON, the cleanup, GitHub annotations, the Retry-After bound).

import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { requirementById } from '../../../spec/index.js';
import type { RunCleanup } from '../../cleanup/delete.js';
import { inertLine } from '../../http/inert.js';
import { CODE_ROOT } from '../../package-root.js';
import { githubAnnotations } from '../../report/annotations.js';
import { type Results, retryWaitSentence } from '../../report/results.js';
import { jsonSummary, terminalSummary, wantsColour } from '../../report/terminal.js';
import { cleanupLines } from '../run-guard.js';
import { suiteFileOf } from '../shard.js';
import type { RunOptions } from './options.js';

/** The suite file of a requirement, as a path under the working directory (a clone's own CI), else none. */
function fileOf(id: string): string | undefined {
  const r = requirementById.get(id);
  if (!r) return undefined;
  const path = relative(process.cwd(), join(CODE_ROOT, suiteFileOf(r)));
  return path.startsWith('..') || path.includes('node_modules') || !existsSync(path) ? undefined : path;
}

/** Says how the run ended: diagnostics through `log` (stderr), the summary and annotations through `print` (stdout), JSON on stdout under --json. */
export function printRunEnd(
  shown: Results,
  cleanup: RunCleanup | undefined,
  options: Pick<RunOptions, 'json' | 'quiet' | 'annotate' | 'reportDir'>,
  log: (line: string) => void,
  print: (text: string) => void,
): void {
  for (const reason of shown.incomplete?.reasons ?? []) log(`cloudconf: the run is incomplete: ${inertLine(reason)}`);
  if (options.json) process.stdout.write(`${JSON.stringify(jsonSummary(shown, options.reportDir), null, 2)}\n`);
  else if (!options.quiet) print(terminalSummary(shown, options.reportDir, wantsColour(process.stdout)));
  for (const line of cleanup ? cleanupLines(cleanup) : []) log(line);
  // In GitHub Actions, failures become annotations; stdout is the JSON's under --json (the runner reads both streams).
  if (options.annotate) for (const line of githubAnnotations(shown, { fileOf })) (options.json ? log : print)(line);
  if (shown.retryWait?.reached) log(`cloudconf: ${retryWaitSentence(shown.retryWait)}`);
}
