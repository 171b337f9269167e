// Chooses the procedure that tests a requirement derived from operation data, by the kind of its derivation.

import type { Derivation, Requirement } from '../../../spec/types.js';
import { acceptedBody, acceptedParam } from './accepting.js';
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
import { notReturned } from './secrets.js';

export type Procedure = (ctx: ProcedureContext) => Promise<void>;
export type WrittenProcedure = (ctx: WrittenContext) => Promise<void>;

const authProcedures: Record<Extract<Derivation, { kind: 'auth' }>['check'], Procedure> = {
  'token-required': tokenRequired,
  'anonymous-allowed': anonymousAllowed,
  'scope-required': scopeRequired,
  'scope-sufficient': scopeSufficient,
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

/** A derived procedure and where it is written, for the catalogue. */
interface Chosen {
  run: Procedure;
  /** What the catalogue calls it: the procedure's function and file. */
  name: string;
}

/** A procedure of procedures/<file>.ts, run as it is or, when it takes an argument of the derivation, through `run`. */
function chosen(fn: Procedure, file: string): Chosen;
function chosen(fn: { name: string }, file: string, run: Procedure): Chosen;
function chosen(fn: { name: string }, file: string, run = fn as Procedure): Chosen {
  return { run, name: `\`${fn.name}\` in src/harness/procedures/${file}.ts` };
}

/** The paging parameters whose range the paging procedure tests. */
const pagingParams = new Set(['page', 'page_size']);

function choose(r: Requirement, d: Derivation): Chosen | undefined {
  switch (d.kind) {
    case 'disabled':
      return chosen(disabled, 'responses');
    case 'unknown-id':
      return chosen(unknownId, 'responses');
    case 'response':
      return chosen(responseShape, 'responses');
    case 'auth':
      return chosen(authProcedures[d.check], 'auth');
    case 'unrestricted-only':
      return chosen(unrestrictedOnly, 'auth');
    case 'global-grant':
      return chosen(globalGrant, 'auth');
    case 'entity-permission':
      return chosen(entityPermission, 'auth');
    case 'event':
      return chosen(eventEmitted, 'events', (ctx) => eventEmitted(ctx, d.action));
    case 'not-accepted':
      return chosen(notAccepted, 'bodies', (ctx) => notAccepted(ctx, d.path));
    case 'not-returned':
      return chosen(notReturned, 'secrets', (ctx) => notReturned(ctx, d.path));
    case 'accepted':
      return d.in === 'body' ? chosen(acceptedBody, 'accepting') : chosen(acceptedParam, 'accepting');
    case 'param-rule':
    case 'field-rule':
    case 'cross-rule':
      return valueRule(r, d);
  }
}

/** A rule on a value: the paging bounds, a path parameter's rule, or a body rule (a field's or a cross rule). */
function valueRule(r: Requirement, d: Extract<Derivation, { kind: 'param-rule' | 'field-rule' | 'cross-rule' }>) {
  if (d.kind !== 'cross-rule' && d.rule === 'range' && pagingParams.has(d.path)) {
    const param = d.path as 'page' | 'page_size';
    return chosen(pagingBound, 'responses', (ctx) => pagingBound(ctx, param));
  }
  if (!bodyFamilies.has(r.family) || r.subject.kind !== 'operation' || !r.subject.field) return undefined;
  if (d.kind === 'param-rule' && d.in === 'path') return chosen(pathParamRule, 'bodies');
  return chosen(bodyRule, 'bodies');
}

/** Which procedure tests a derived requirement, for the catalogue; undefined when none does. */
export function derivedKind(r: Requirement): string | undefined {
  return r.derivation ? choose(r, r.derivation)?.name : undefined;
}

export function derivedProcedure(r: Requirement): Procedure | undefined {
  return r.derivation ? choose(r, r.derivation)?.run : undefined;
}
