// What one answer says of whether the target offers the operation it was sent to, and the test's record of it (DESIGN section 3: not-implemented is shown by evidence).

import { operationById } from '../../spec/index.js';
import { offersOperation } from '../../spec/profile.js';
import type { Operation } from '../../spec/types.js';
import { type Exchange, recorded } from '../http/exchange.js';
import type { RunConfig } from '../target/config.js';
import type { OfferEvidence } from '../vocabulary/outcome.js';

/**
 * Answers that show the route is served: the server read the request and judged it (accepted,
 * refused a body, a scope, a state). 401 is not among them: a server may check tokens before routing.
 */
const SERVED = (status: number) => status < 400 || [400, 403, 409, 410, 412, 422, 423].includes(status);

/** The operation as the documents have it: a copy sent elsewhere (an unknown route, a wrong method) is no evidence. */
function documented(op: Operation): boolean {
  const known = operationById.get(op.id);
  return known !== undefined && known.method === op.method && known.root === op.root && known.path === op.path;
}

/**
 * What an answer says: `unserved` for 501, 405 to a documented method, or 404 on a route without
 * path parameters (no entity can be missing there); `not-found` for a 404 with path parameters (an
 * unknown entity, or a route not offered: the run decides from the routes above it); `served` where
 * the server judged the request; nothing otherwise (a 5xx or no answer shows nothing). Disabled
 * operations answer as the documents say they do, which is no evidence.
 */
export function answerSays(op: Operation, e: Exchange): 'served' | 'unserved' | 'not-found' | undefined {
  const status = e.response?.status;
  if (status === undefined || !documented(op) || op.status.kind === 'disabled') return undefined;
  if (status === 501 || status === 405 || (status === 404 && op.pathParams.length === 0)) return 'unserved';
  if (status === 404) return 'not-found';
  return SERVED(status) ? 'served' : undefined;
}

/** Thrown when a test needs an operation the run's declared profile leaves out: the requirement is `not-offered`. */
export class NotOffered extends Error {
  constructor(readonly operation: Operation) {
    super(`needs ${operation.method} ${operation.path} (${operation.id}), which the declared profile does not offer`);
  }
}

/** Thrown when no operation the target offers can show a convention: the requirement is `not-implemented`. */
export class NothingOffered extends Error {}

/** Throws NotOffered when the run's profile leaves the (documented) operation out. */
export function requireOffered(config: RunConfig, op: Operation): void {
  if (config.profile && documented(op) && !offersOperation(config.profile, op)) throw new NotOffered(op);
}

/** One test's evidence: the operations it saw served, and the first unserved (or 404) answer of each other one. */
export class OfferRecord {
  private readonly served = new Set<string>();
  private readonly unserved = new Map<string, Exchange>();
  private readonly notFound = new Map<string, Exchange>();
  /** The operation of every unserved answer, in order: what one step added is what came after its mark. */
  private readonly answers: string[] = [];
  /** Unserved operations the test did without: evidence for the run, not a reason for this verdict. */
  private readonly aside = new Set<string>();

  note(op: Operation, e: Exchange): void {
    const says = answerSays(op, e);
    if (says === 'served') this.served.add(op.id);
    else if (says === 'unserved') {
      this.answers.push(op.id);
      if (!this.unserved.has(op.id)) this.unserved.set(op.id, recorded(e));
    } else if (says === 'not-found' && !this.notFound.has(op.id)) this.notFound.set(op.id, recorded(e));
  }

  /** How many unserved answers came so far: a mark to tell what one step added. */
  get unservedCount(): number {
    return this.answers.length;
  }

  /** Operations that answered unserved after a mark, and never served in this test. */
  unservedSince(mark: number): string[] {
    return [...new Set(this.answers.slice(mark))].filter((id) => !this.served.has(id));
  }

  /** Marks unserved operations as done without: the verdict does not rest on them. */
  setAside(ids: readonly string[]): void {
    for (const id of ids) this.aside.add(id);
  }

  evidence(): OfferEvidence | undefined {
    const entries = (from: Map<string, Exchange>, keep: (id: string) => boolean) =>
      [...from]
        .filter(([id]) => !this.served.has(id) && keep(id))
        .map(([operation, exchange]) => ({ operation, exchange }));
    const unserved = entries(this.unserved, (id) => !this.aside.has(id));
    const aside = entries(this.unserved, (id) => this.aside.has(id));
    const notFound = entries(this.notFound, () => true);
    if (this.served.size === 0 && unserved.length === 0 && aside.length === 0 && notFound.length === 0)
      return undefined;
    return {
      served: [...this.served],
      unserved,
      ...(aside.length ? { aside } : {}),
      ...(notFound.length ? { notFound } : {}),
    };
  }
}
