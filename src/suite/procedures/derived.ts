// Chooses the procedure that tests a requirement derived from operation data, by what the requirement id says after the operation id.

import { ruleId } from '../../../spec/derive.js';
import type { Operation, Requirement } from '../../../spec/types.js';
import {
  anonymousAllowed,
  entityPermission,
  globalGrant,
  scopeRequired,
  scopeSufficient,
  tokenRequired,
  unrestrictedOnly,
} from './auth.js';
import { bodyRule, notAccepted, pathParamRule } from './bodies.js';
import { eventEmitted } from './events.js';
import type { ProcedureContext, WrittenContext } from './request.js';
import { disabled, pagingBound, responseShape, unknownId } from './responses.js';

export type Procedure = (ctx: ProcedureContext) => Promise<void>;
export type WrittenProcedure = (ctx: WrittenContext) => Promise<void>;

const bySuffix: Record<string, Procedure> = {
  'auth/token-required': tokenRequired,
  'auth/anonymous-allowed': anonymousAllowed,
  'auth/scope-required': scopeRequired,
  'auth/scope-sufficient': scopeSufficient,
  'access/unrestricted-only': unrestrictedOnly,
  'response/envelope': responseShape,
  'response/object': responseShape,
  'response/empty': responseShape,
  'page-range': (ctx) => pagingBound(ctx, 'page'),
  'page_size-range': (ctx) => pagingBound(ctx, 'page_size'),
  'unknown-id': unknownId,
  disabled,
};

const bodyFamilies = new Set([
  'required',
  'type',
  'format',
  'length',
  'range',
  'enum',
  'items',
  'pattern',
  'cross-field',
]);

/** What kind of derived procedure tests a requirement, for the catalogue; undefined when none does. */
export function derivedKind(r: Requirement, op: Operation): string | undefined {
  if (!derivedProcedure(r, op)) return undefined;
  const suffix = r.id.slice(op.id.length + 1);
  if (bySuffix[suffix]) return suffix;
  if (suffix.startsWith('access/grant-')) return 'access/global-grant';
  if (suffix.startsWith('access/entity-')) return 'access/entity-permission';
  if (suffix.startsWith('event/')) return 'event emitted';
  if (suffix.endsWith('-not-accepted')) return 'field not accepted';
  if (onPathParam(r, op)) return `path parameter rule (${r.family})`;
  return `body rule (${r.family})`;
}

export function derivedProcedure(r: Requirement, op: Operation): Procedure | undefined {
  const suffix = r.id.slice(op.id.length + 1);
  const fixed = bySuffix[suffix];
  if (fixed) return fixed;
  if (suffix.startsWith('access/grant-')) return globalGrant;
  if (suffix.startsWith('access/entity-')) return entityPermission;
  if (suffix.startsWith('event/')) return (ctx) => eventEmitted(ctx, suffix.slice('event/'.length));
  if (suffix.endsWith('-not-accepted')) return (ctx) => notAccepted(ctx, suffix.slice(0, -'-not-accepted'.length));
  if (!r.derived || !bodyFamilies.has(r.family) || r.subject.kind !== 'operation' || !r.subject.field) return undefined;
  return onPathParam(r, op) ? pathParamRule : bodyRule;
}

/** Whether a derived rule requirement is about a path parameter (`stats/view-month/month-range`) rather than a body field. */
function onPathParam(r: Requirement, op: Operation): boolean {
  return op.pathParams.some((p) => (p.rules ?? []).some((rule) => r.id === `${op.id}/${p.name}-${ruleId(rule)}`));
}
