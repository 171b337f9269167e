// What each verdict means, worded once for the HTML legend, summary.md and the published site.

import type { Verdict } from '../vocabulary/outcome.js';

export const VERDICT_MEANING: Record<Verdict, string> = {
  pass: 'every check of the requirement held, for every generated case',
  fail: 'the target broke a MUST (or a SHOULD under --strict): the run fails',
  'non-strict': 'the target broke a SHOULD: listed, failing the run only with --strict',
  error: 'the suite could not judge it (no usable answer, credentials, a broken run), with the reason',
  skipped: 'not judged in this run (the mode, the selection or the target ruled it out), with the reason',
  'not-implemented':
    'the target does not offer an operation the requirement needs: it answered 501, 405 to a documented method, or 404 on a route without parameters (the evidence is kept)',
  'not-offered': "the target's declared profile leaves out the operation or area: not run, not a failure",
  excluded: 'the documents cannot be tested on this point (a contradiction or a gap), listed with the reason',
};
