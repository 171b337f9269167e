// Judges what a recorded request shows of authentication: no token yet accepted, no token needed yet refused, and scopes when the token's scopes are known.

import { conventionalStatus as statusOf } from '../../spec/conventions.js';
import { requirementId } from '../../spec/derive.js';
import type { Operation, Scope } from '../../spec/types.js';
import { pass } from '../check/result.js';
import { acceptedWith2xx, conventionalStatus, rejectedWith4xx } from '../check/status.js';
import type { Exchange } from '../http/exchange.js';
import type { Judgement } from './finding.js';

/** Whether scopes grant the one needed: `*` grants all, `<area>:read_write` includes `<area>:read_only` (DECISIONS 7). */
export function grants(scopes: readonly string[], needed: Scope): boolean {
  if (scopes.includes('*') || scopes.includes(needed)) return true;
  const [area, level] = needed.split(':');
  return level === 'read_only' && scopes.includes(`${area}:read_write`);
}

const authRequirement = (op: Operation, check: 'token-required' | 'anonymous-allowed' | 'scope-required') =>
  requirementId({ operation: op.id, kind: 'auth', check });

/** `scopes`: the scopes of the token every authenticated request carries, when known (`--scopes`). */
export function judgeAuth(j: Judgement, op: Operation, e: Exchange, scopes?: readonly string[]): void {
  const status = e.response?.status ?? 0;
  const refused = status >= 400 && status < 500;
  const token = e.request.headers.authorization !== undefined;
  const noToken = { case: 'no Authorization header' };
  if (!token && op.auth.token === 'required') {
    j.check(authRequirement(op, 'token-required'), rejectedWith4xx(e), noToken);
    // 404 may come first: a server need not say whether an entity exists before it knows who asks.
    if (refused && status !== statusOf.notFound)
      j.check('conventions/status/unauthenticated-401', conventionalStatus(e, statusOf.unauthenticated), noToken);
  }
  // Other refusals (an unknown id) say nothing about the token; only 401 says one was needed.
  if (!token && op.auth.token !== 'required')
    j.check(
      authRequirement(op, 'anonymous-allowed'),
      status === statusOf.unauthenticated ? acceptedWith2xx(e) : pass,
      noToken,
    );
  const scope = op.auth.scope;
  if (token && scopes && scope !== 'none' && scope !== 'none-listed' && !grants(scopes, scope))
    j.check(authRequirement(op, 'scope-required'), rejectedWith4xx(e), { case: `a token with ${scopes.join(' ')}` });
}
