// `cloudconf verify FILE`: checks a conformance bundle (read within bounds, unedited, signed by a key the reader trusts when one is given) and says whether the run it holds was complete.

import { statSync } from 'node:fs';
import { inertLine } from '../http/inert.js';
import { type KeyRing, readKeyRing, shortFingerprint } from '../report/bundle/trusted-keys.js';
import { type Verification, verifyBundle } from '../report/bundle/verify.js';
import { countsLine } from '../report/site/facts.js';

type Log = (line: string) => void;

export interface VerifyCliOptions {
  json?: boolean;
  /** Public key files (PEM, or the base64 line of `keygen`): the bundle must be signed by one of them. */
  key?: string[];
  /** A trusted-keys file: `<public key> <implementation name>` per line. */
  trustedKeys?: string;
}

function signerLine(v: Verification): string {
  if (!v.signer) return 'not signed';
  const by = `key ${shortFingerprint(v.signer.fingerprint)}`;
  if (!v.signer.trusted) return `signed by ${by} (not checked against a key you trust)`;
  return `signed by ${v.signer.name ? `${JSON.stringify(v.signer.name)}'s ` : 'the trusted '}${by}`;
}

/** What the run covered: complete (for the whole API, or for its declared profile), or partial and why. */
function completeLine(v: Verification): string {
  if (!v.complete) return `a partial run: ${v.partial.join('; ')}`;
  const profile = v.results?.offer?.profile;
  if (v.completeFor !== 'its profile' || !profile) return 'a complete run';
  const except = profile.except?.length ? `, except ${profile.except.join(', ')}` : '';
  return `a complete run for its profile (offers ${profile.offers.join(', ')}${except}, and the conventions)`;
}

/** Exit 0 for a verified bundle (complete run or not), 1 naming what is wrong, 2 when the file or a key cannot be read. */
export async function verify(file: string, options: VerifyCliOptions, print: Log): Promise<number> {
  // Problems quote text from the bundle (names, requirement ids): never a control sequence on a terminal.
  const log: Log = (line) => print(inertLine(line));
  let keys: KeyRing | undefined;
  try {
    statSync(file);
    keys = readKeyRing(options);
  } catch (error) {
    log(`cloudconf verify: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
  const v = await verifyBundle(file, keys ? { keys } : {});
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
  const results = v.results;
  log(
    `verified: ${file}, ${signerLine(v)}; ${results?.requirements.length} requirements (${results ? countsLine(results) : ''}); ${completeLine(v)}`,
  );
  return 0;
}
