// Judges whether an answer gives back a secret its request sent (a root password, a card number): the operation's `not-returned` requirements, one exchange at a time.

import { requirementId, walkFields } from '../../spec/derive.js';
import { memberValue } from '../../spec/evaluate.js';
import type { Operation } from '../../spec/types.js';
import { secretNotReturned } from '../check/secrecy.js';
import { type Exchange, REDACTED } from '../http/exchange.js';
import { couldBeSecret } from '../http/redact.js';
import type { Judgement } from './finding.js';
import { isObject } from './recorded.js';

/**
 * Each secret field the request body holds is searched for in the answer, where it could be a real
 * secret (the redactor's test: long and not only letters). Recorded traffic holds weak passwords
 * sent to be refused (`password`, which an error item's `field` names too) and three-digit CVVs,
 * which turn up by chance; the run's own procedure sends distinct ones. A value a recorder has
 * redacted (the proxy's HAR) is no value to look for: only recordings made without redaction show it.
 */
export function judgeSecrets(j: Judgement, op: Operation, e: Exchange, body: unknown): void {
  if (op.body?.kind !== 'json' || !isObject(body)) return;
  for (const { path, field } of walkFields(op.body.fields)) {
    const secret = memberValue(body, path);
    if (!field.secret || typeof secret !== 'string' || !couldBeSecret(secret) || secret === REDACTED) continue;
    j.check(
      requirementId({ operation: op.id, kind: 'not-returned', path }),
      secretNotReturned(e, secret, field.secret.what),
      { case: `the ${field.secret.what} sent in ${path}` },
    );
  }
}
