// What each of the six verdicts means, worded once for the HTML legend, summary.md and the published site.

import type { Verdict } from '../vocabulary/outcome.js';

export const VERDICT_MEANING: Record<Verdict, string> = {
  pass: 'every check of the requirement held, for every generated case',
  fail: 'the target broke a MUST (or a SHOULD under --strict): the run fails',
  'non-strict': 'the target broke a SHOULD: listed, failing the run only with --strict',
  skipped: 'not judged in this run (the mode, the selection or the target ruled it out), with the reason',
  error: 'the suite could not judge it (no usable answer, credentials, a broken run), with the reason',
  excluded: 'the documents cannot be tested on this point (a contradiction or a gap), listed with the reason',
};
