// Judges an answer's status against what the request was: a broken rule accepted, a valid request refused for no reason of state, and the form of every refusal.

import { conventionalStatus as statusOf } from '../../spec/conventions.js';
import { requirementId } from '../../spec/derive.js';
import { errorBodyShape, offendingFieldNamed } from '../check/error-body.js';
import { pass } from '../check/result.js';
import { acceptedWith2xx, conventionalStatus, noServerError, rejectedWith4xx } from '../check/status.js';
import type { Exchange } from '../http/exchange.js';
import type { Judgement } from './finding.js';
import type { Matched } from './match.js';
import { refusedValidValue } from './refused-value.js';
import type { JudgedRequest, RequestViolation } from './request.js';

/** HTTP's own refusals about state or rate rather than the values sent (not statuses the documents fix). */
const HTTP_STATE_STATUSES = [409, 410, 412, 423, 429];

/** Refusals that are not about the values sent: who sends it, what exists, what state it is in. */
const NOT_ABOUT_VALUES = new Set([
  statusOf.unauthenticated,
  statusOf.forbidden,
  statusOf.notFound,
  ...HTTP_STATE_STATUSES,
]);

/** Refusals a server may give before it reads the values (a token, an id, the size or type of the body). */
const BEFORE_VALIDATION = new Set([
  statusOf.methodNotAllowed,
  statusOf.payloadTooLarge,
  statusOf.unsupportedMediaType,
  ...NOT_ABOUT_VALUES,
]);

const is4xx = (s: number) => s >= 400 && s < 500;
const described = (v: RequestViolation) => `${v.where} ${v.location || 'body'}: ${v.message}`;

/** Some error item names one of the offending body fields (any one: a server may stop at the first). */
function fieldNamed(j: Judgement, e: Exchange, violations: RequestViolation[]): void {
  const results = violations.map((v) => offendingFieldNamed(e, v.location));
  j.check('conventions/error-body/field-named', results.find((r) => r.ok !== false) ?? results[0] ?? pass, {
    case: violations.map(described).join('; '),
  });
}

/** A value the encoding judges valid, refused by name: the server holds it to a rule the documents do not have. */
function validRefused(j: Judgement, match: Matched, e: Exchange, req: JudgedRequest, status: number): void {
  if (req.violations.length || req.notJson || NOT_ABOUT_VALUES.has(status)) return;
  const refused = refusedValidValue(match, e, req);
  if (!refused) return;
  j.check(refused.requirement, acceptedWith2xx(e), {
    case: `${refused.location} ${JSON.stringify(refused.value)} satisfies every rule the encoding gives it (${refused.rules.join(', ')}), yet was refused by name`,
  });
}

/** A request that breaks a rule is refused: its rule's requirement, and the convention that refusals are 4xx. */
function invalidRefused(j: Judgement, match: Matched, e: Exchange, req: JudgedRequest): void {
  const named = req.violations.filter((v) => v.requirement);
  for (const v of named) j.check(v.requirement, rejectedWith4xx(e), { case: described(v) });
  if (named.length)
    j.check('conventions/status/rejected-4xx', rejectedWith4xx(e), { case: named.map(described).join('; ') });
  if (match.op.status.kind === 'disabled')
    j.check(requirementId({ operation: match.op.id, kind: 'disabled' }), rejectedWith4xx(e));
  if (req.notJson)
    j.check('conventions/status/not-json-415', rejectedWith4xx(e), {
      case: 'a body that is not JSON, or not sent as JSON',
    });
}

export function judgeStatus(j: Judgement, match: Matched, e: Exchange, req: JudgedRequest): void {
  const status = e.response?.status ?? 0;
  invalidRefused(j, match, e, req);
  j.check('conventions/status/no-server-error', noServerError(e));
  if (!is4xx(status)) return;
  j.check('conventions/error-body/shape', errorBodyShape(e));
  // A body that is not an object has no field to name.
  const body = req.violations.filter((v) => v.where === 'body' && v.location !== '');
  if (status === statusOf.validation && body.length) fieldNamed(j, e, body);
  if (req.violations.length && !BEFORE_VALIDATION.has(status))
    j.check('conventions/status/validation-400', conventionalStatus(e, statusOf.validation), {
      case: req.violations.map(described).join('; '),
    });
  validRefused(j, match, e, req, status);
}
