// Deletes what a run left on the target: children before parents, in rounds, waiting for asynchronous deletes, and says what resisted and why.

import { TRANSITIONAL_STATUSES } from '../../spec/part3/instances.js';
import type { Operation } from '../../spec/types.js';
import type { Exchange } from '../http/exchange.js';
import { childrenFirst, cleanupAtOnce, parentKey } from '../target/children-first.js';
import type { Session } from '../target/session.js';
import { type ReadBack, readBack } from './read-back.js';

export interface Litter {
  remove: Operation;
  params: Record<string, string | number>;
  label?: string;
  /** Reads the entity, to see an asynchronous delete finish. */
  view?: Operation;
}

export interface Leftover {
  /** The request that would delete it, e.g. `DELETE /v4/vpcs/12`. */
  request: string;
  label?: string;
  reason: string;
}

export interface CleanupReport {
  deleted: number;
  left: Leftover[];
  /**
   * Not deleted, and no later command will: the run could not show they are its own (safe mode reads
   * each back first), or the target named them with a value no URL can hold (a lone surrogate).
   */
  notOurs?: Leftover[];
  /** Not tried: in a state the documents say cannot be removed (an accepted transfer, the default payment method). */
  kept?: number;
}

/** What the cleanup at the end of a run did, as results.json shows it. */
export interface RunCleanup extends CleanupReport {
  /** The run's label prefix: `cloudconf cleanup --prefix` with it finds what is left. */
  prefix: string;
  /** The command that removes what is left, when the prefix alone would not find all of it. */
  command?: string;
  /** Set when the run was stopped by a signal. */
  interrupted?: string;
  /** Lists that could not be read while looking for the prefix. */
  unread?: string[];
  /** Why the cleanup stopped before its end, when it did: what is above is what it knew by then. */
  error?: string;
}

export interface DeleteOptions {
  rounds: number;
  /** How long to wait, per round, for deletes the target finishes later (an instance `deleting`). */
  settleMs: number;
  pollMs: number;
  /** Entities of one depth acted on at once (default: `cleanupAtOnce` of the session's concurrency). */
  atOnce?: number;
  /** Reads each entity back and says what would be deleted, deleting nothing. */
  dryRun?: boolean;
  /** Told each delete as it goes out (or, in a dry run, would): the request and the label read back. */
  onDelete?: (request: string, label: string | undefined) => void;
}

const defaults: DeleteOptions = { rounds: 3, settleMs: 60_000, pollMs: 1000 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Deeper paths first: interfaces, profiles and disks before their instance, subnets before their VPC. */
const depth = (l: Litter) => l.remove.pathParams.length;

/** The request that deletes an entity; its parameters as JSON where they cannot be written in a URL (a lone surrogate). */
export function describe(session: Session, l: Litter): string {
  try {
    return `${l.remove.method} ${new URL(session.url(l.remove, l.params)).pathname}`;
  } catch {
    return `${l.remove.method} ${l.remove.path} ${JSON.stringify(l.params)}`;
  }
}

/** An entity cleanup leaves, with the request that would delete it and why it was not sent or did not succeed. */
const leftAlone = (session: Session, l: Litter, reason: string): Leftover => ({
  request: describe(session, l),
  ...(l.label ? { label: l.label } : {}),
  reason,
});

/** Why an entity cannot be named in a request at all: the target gave it an id no URL can hold. */
function addressProblem(session: Session, l: Litter): string | undefined {
  try {
    session.url(l.remove, l.params);
    return undefined;
  } catch (error) {
    return `the target named it with ${message(error)}`;
  }
}

const message = (error: unknown) =>
  error instanceof URIError
    ? 'a value that cannot be written in a URL (a lone UTF-16 surrogate)'
    : error instanceof Error
      ? error.message
      : String(error);

function why(e: Exchange): string {
  if (e.transportError) return `no answer (${e.transportError.code}: ${e.transportError.message})`;
  const reason = (e.response?.json as { errors?: { reason?: string }[] } | undefined)?.errors?.[0]?.reason;
  return `answered ${e.response?.status}${reason ? `: ${reason}` : ''}`;
}

/** Sends with the run's token, past the mode's guard: these are the run's own entities. */
function sendRaw(session: Session, op: Operation, params: Record<string, string | number>): Promise<Exchange> {
  return session.client.send({ method: op.method, url: session.url(op, params), token: session.config.token });
}

/** Whether the entity is still being deleted: its view answers a transitional status. */
async function stillGoing(session: Session, l: Litter): Promise<boolean> {
  if (!l.view) return false;
  const e = await sendRaw(session, l.view, l.params);
  const status = (e.response?.json as { status?: unknown } | undefined)?.status;
  return e.response?.status === 200 && typeof status === 'string' && TRANSITIONAL_STATUSES.has(status);
}

/** Waits until no deleted entity is still being deleted, or the deadline passes. */
async function settle(session: Session, deleted: Litter[], options: DeleteOptions): Promise<void> {
  const deadline = Date.now() + options.settleMs;
  let going = deleted;
  while (going.length && Date.now() < deadline) {
    const still: Litter[] = [];
    await childrenFirst(
      going,
      depth,
      async (l) => {
        if (await stillGoing(session, l)) still.push(l);
      },
      { apart: (l) => parentKey(l.remove, l.params), ...(options.atOnce ? { atOnce: options.atOnce } : {}) },
    );
    going = still;
    if (going.length) await sleep(options.pollMs);
  }
}

/**
 * Deletes each entity (children first; those of one depth a few at a time, started in the order
 * given), waits for asynchronous deletes, and retries what failed in later rounds (a VPC refuses
 * while an instance still uses it).
 */
export async function deleteAll(
  session: Session,
  litter: Litter[],
  options: Partial<DeleteOptions> = {},
): Promise<CleanupReport> {
  const o = { ...defaults, atOnce: cleanupAtOnce(session.config.concurrency), ...options };
  const inOrder = (a: { l: Litter; order: number }, b: { l: Litter; order: number }) =>
    depth(b.l) - depth(a.l) || a.order - b.order;
  let pending = litter.map((l, order) => ({ l, order })).sort(inOrder);
  let deleted = 0;
  const reasons = new Map<Litter, string>();
  const readBacks = new Map<Litter, ReadBack>();
  const notOurs: Leftover[] = [];
  let kept = 0;
  for (let round = 1; round <= o.rounds && pending.length; round++) {
    const failed: typeof pending = [];
    const done: Litter[] = [];
    await childrenFirst(
      pending,
      (p) => depth(p.l),
      async (p) => {
        // Whatever the target sent (a label no URL can hold), one entity's trouble stays its own.
        try {
          const unsendable = addressProblem(session, p.l);
          if (unsendable) {
            notOurs.push(leftAlone(session, p.l, unsendable));
            return;
          }
          if (await session.keptInState(p.l.remove, p.l.params)) {
            kept += 1;
            return;
          }
          const problem = await session.ownershipProblem(p.l.remove, p.l.params, session.config.token);
          if (problem) {
            notOurs.push(leftAlone(session, p.l, problem));
            return;
          }
          // Read back from this very target (once, not every round): only what shows itself the run's is deleted.
          let shown = readBacks.get(p.l);
          if (!shown) {
            shown = await readBack(session, p.l, session.config.labelPrefix);
            readBacks.set(p.l, shown);
          }
          if ('gone' in shown) {
            done.push(p.l);
            return;
          }
          const seen = { ...p.l, ...(shown.label === undefined ? {} : { label: shown.label }) };
          if ('problem' in shown) {
            notOurs.push(leftAlone(session, seen, `not shown to be the run's: ${shown.problem}`));
            return;
          }
          o.onDelete?.(describe(session, p.l), shown.label);
          if (o.dryRun) {
            done.push(p.l);
            return;
          }
          const e = await sendRaw(session, p.l.remove, p.l.params);
          const status = e.response?.status ?? 0;
          if ((status >= 200 && status < 300) || status === 404) {
            deleted += status === 404 ? 0 : 1;
            done.push(p.l);
          } else {
            reasons.set(p.l, why(e));
            failed.push(p);
          }
        } catch (error) {
          reasons.set(p.l, `not sent: ${message(error)}`);
          failed.push(p);
        }
      },
      { apart: (p) => parentKey(p.l.remove, p.l.params), atOnce: o.atOnce },
    );
    if (!o.dryRun) await settle(session, done, o).catch(() => undefined);
    // Those of one depth finish in any order; the next round, and the report, keep the order given.
    pending = failed.sort(inOrder);
    if (pending.length && round < o.rounds) await sleep(o.pollMs * round);
  }
  const left = pending.map(({ l }) => {
    const shown = readBacks.get(l);
    const label = shown && 'label' in shown ? shown.label : undefined;
    return leftAlone(session, label === undefined ? l : { ...l, label }, reasons.get(l) ?? 'not deleted');
  });
  return { deleted, left, ...(notOurs.length ? { notOurs } : {}), ...(kept ? { kept } : {}) };
}
