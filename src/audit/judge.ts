// Judges one recorded exchange of a known operation with every check a single exchange can feed: request rules against the status, authentication, the refusal's form, the answer's schema, envelope and records.

import { jsonResponse } from '../check/json-response.js';
import { judgeAuth } from './auth.js';
import { Judgement, type Unjudged } from './finding.js';
import type { Matched } from './match.js';
import type { Recorded } from './recorded.js';
import { judgeRequest } from './request.js';
import { judgeAnswer } from './response.js';
import { judgeSecrets } from './secrets.js';
import { judgeStatus } from './status.js';

export interface JudgeOptions {
  /** Scopes of the token the requests carry, when known. */
  scopes?: readonly string[];
}

export function judgeExchange(
  record: Recorded,
  match: Matched,
  judged: Map<string, number>,
  options: JudgeOptions = {},
  unjudged?: Unjudged,
): Judgement {
  const j = new Judgement(record.index, judged, unjudged);
  const e = record.exchange;
  const status = e.response?.status;
  if (status === undefined) return j;
  const { op } = match;
  const request = judgeRequest(match, e);
  judgeStatus(j, match, e, request);
  if (record.requestHeadersKnown) judgeAuth(j, op, e, options.scopes);
  judgeSecrets(j, op, e, request.body);
  const shown = op.response.kind !== 'not-shown';
  // Where the documents do not show the answer (an uploaded image served back), nothing is asserted of it.
  if (record.responseHeadersKnown && (status >= 400 || shown)) j.check('conventions/responses/json', jsonResponse(e));
  if (status >= 200 && status < 300 && shown) judgeAnswer(j, op, e, request.paging);
  return j;
}
