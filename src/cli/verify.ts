// `cloudconf verify FILE`: checks a conformance bundle and says whether it is complete and unedited, and whether the run it holds was complete.

import { readFileSync } from 'node:fs';
import { verifyBundle } from '../report/bundle/verify.js';

type Log = (line: string) => void;

/** Exit 0 for a verified bundle (complete run or not), 1 naming what is wrong, 2 when the file cannot be read. */
export function verify(file: string, options: { json?: boolean }, log: Log): number {
  let archive: Buffer;
  try {
    archive = readFileSync(file);
  } catch (error) {
    log(`cloudconf verify: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
  const v = verifyBundle(archive);
  if (options.json) {
    const { files: _f, results: r, ...rest } = v;
    const summary = r ? { target: r.target, tool: r.tool, summary: r.summary, provenance: r.provenance } : undefined;
    process.stdout.write(`${JSON.stringify({ ...rest, ...(summary ? { run: summary } : {}) }, null, 2)}\n`);
  }
  for (const w of v.warnings) log(`warning: ${w}`);
  if (!v.ok) {
    for (const p of v.problems) log(`NOT VERIFIED: ${p}`);
    return 1;
  }
  const s = v.results?.summary;
  log(
    `verified: ${file}, ${v.results?.requirements.length} requirements (${s?.pass} pass, ${s?.fail} fail, ${s?.nonStrict} non-strict, ${s?.error} error); ${v.complete ? 'a complete run' : `a partial run: ${v.partial.join('; ')}`}`,
  );
  return 0;
}
