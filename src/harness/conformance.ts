// Registers one vitest test per requirement of an API area, titled from the requirement, and records its outcome for the reporters.

import { afterAll, test } from 'vitest';
import { exclusions, operationOf, operations, requirements } from '../../spec/index.js';
import type { Operation, Requirement } from '../../spec/types.js';
import { NoAnswer, RequestRefused } from '../http/client.js';
import { runConfigFromEnv } from '../target/config.js';
import { UnusablePathValue } from '../target/path-value.js';
import { Session, session } from '../target/session.js';
import { type Outcome, recordOutcome } from '../vocabulary/outcome.js';
import { BoundReached } from './bounds.js';
import { Exclusive } from './exclusive.js';
import { Fixtures } from './fixtures.js';
import { collected, wraps } from './inventory.js';
import { Kit, SkipRequirement } from './kit.js';
import { longFirst } from './long-first.js';
import { NothingOffered, NotOffered } from './offer-evidence.js';
import { derivedProcedure, type WrittenProcedure } from './procedures/derived.js';

const excluded = new Set(exclusions.map((x) => x.requirement));

/**
 * Irreversible operations on the account itself (cancelling it, redeeming its one promo credit,
 * paying) or that bill it (accepting a transfer takes its services on), and billed account-wide
 * ones (adding cards, which daily limits count): each test of one gets a throwaway account, so the
 * run's account stays as it was (DECISIONS 15).
 */
const damagesAccount = (op: Operation) =>
  (op.effects.includes('irreversible') &&
    (op.effects.includes('account-wide') || op.effects.includes('billing') || op.pathParams.length === 0)) ||
  (op.effects.includes('billing') && op.effects.includes('account-wide'));

/** Changes account-wide settings, which `restoreAccount` puts back when a test ends (DECISIONS 14). */
const updatesAccountSettings = (op: Operation) => op.method === 'PUT' && op.effects.includes('account-wide');

/** Changes account-wide settings, or reads a record they change (the account, its settings). */
const touchesAccountSettings = (op: Operation | undefined) =>
  op !== undefined &&
  (updatesAccountSettings(op) ||
    (op.method === 'GET' &&
      operations.some((o) => updatesAccountSettings(o) && o.root === op.root && o.path === op.path)));

/**
 * Tests that change or read the account's settings and record (DECISIONS 14: not concurrently with
 * tests that read them): each gets an account of its own where the target makes one, else they take
 * the run's account one at a time (`settingsSessionOf`).
 */
const sharesAccountSettings = (op: Operation | undefined, procedure: WrittenProcedure | undefined) =>
  touchesAccountSettings(op) || (procedure !== undefined && aloneProcedures.has(procedure));

/** Busy-state procedures run with no other test of their file at once: their held actions last a set time that waiting for slots would eat into. */
const runsAlone = (procedure: WrittenProcedure | undefined) => procedure !== undefined && busyProcedures.has(procedure);

export const titleOf = (r: Requirement) => `${r.id} [${r.level}] ${r.text}`;

/** An outcome that also rests on what a skip it received had seen not offered (another test's shared set-up). */
function withUnserved(o: Outcome, unserved: SkipRequirement['unserved']): Outcome {
  const known = new Set(o.offer?.unserved.map((u) => u.operation));
  const added = unserved.filter((u) => !known.has(u.operation));
  if (added.length === 0) return o;
  return {
    ...o,
    offer: { served: o.offer?.served ?? [], ...o.offer, unserved: [...(o.offer?.unserved ?? []), ...added] },
  };
}

/**
 * The outcome of a procedure that ended by throwing. A request without an answer makes it `error`
 * whatever came after; a failure already seen stands when a later step cannot go on; the mode's
 * refusals and deliberate skips are `skipped` with their reason; anything else is a suite error.
 */
function outcomeOfError(kit: Kit, error: unknown): Outcome {
  const seen = kit.outcome();
  if (seen.verdict === 'error') return seen;
  const guessed = kit.guessRefusedReason;
  if (error instanceof SkipRequirement && guessed) return { ...seen, verdict: 'error', reason: guessed };
  if (error instanceof SkipRequirement || error instanceof RequestRefused) {
    const told = error instanceof SkipRequirement ? withUnserved(seen, error.unserved) : seen;
    return told.verdict === 'pass' ? { ...told, verdict: 'skipped', reason: error.message } : told;
  }
  // A failure seen before the test needed what the target does not offer stands.
  if (error instanceof NotOffered && seen.verdict === 'pass')
    return { ...seen, verdict: 'not-offered', reason: error.message };
  if (error instanceof NothingOffered && seen.verdict === 'pass')
    return { ...seen, verdict: 'not-implemented', reason: error.message };
  if (error instanceof NoAnswer)
    return { ...seen, verdict: 'error', reason: `no answer from the target: ${error.message}` };
  if (error instanceof BoundReached) return { ...seen, verdict: 'error', reason: error.message };
  // A value the target gave that no path can hold: the request was not sent; a failure already seen stands.
  if (error instanceof UnusablePathValue)
    return seen.verdict === 'fail' ? seen : { ...seen, verdict: 'error', reason: error.message };
  return { ...seen, verdict: 'error', reason: `suite error: ${(error as Error).stack ?? String(error)}` };
}

/** A throwaway account's session; undefined without the control interface, NoAnswer when the target did not answer. */
const throwawayOf = (s: Session): Promise<Session | undefined | NoAnswer> =>
  s.throwaway().catch((error: unknown) => {
    if (error instanceof NoAnswer) return error;
    throw error;
  });

const busyProcedures = new WeakSet<WrittenProcedure>();

/**
 * Marks a procedure whose clause is about work in progress (refused while busy, a backup still
 * running). Where the target's actions settle at once (a reference server without delay), it runs
 * on a throwaway account, which it makes hold its actions (`Session.holdActions`) once its
 * instances are ready, so the in-between state shows while the other suites keep running at speed.
 * A target without the control interface takes real time.
 */
export function whileBusy(procedure: WrittenProcedure): WrittenProcedure {
  busyProcedures.add(procedure);
  return wraps(procedure, procedure, 'while busy');
}

const aloneProcedures = new WeakSet<WrittenProcedure>();

/**
 * Marks a procedure that changes account-wide settings: it runs on a throwaway account of its own
 * where the target has the control interface, else one at a time on the run's account, which gets
 * back what it changed (`settingsSessionOf`).
 */
export function changesAccountSettings(procedure: WrittenProcedure): WrittenProcedure {
  aloneProcedures.add(procedure);
  return wraps(procedure, procedure, 'on its own account, else one at a time');
}

/**
 * Makes the actions started from now on take time, right before the action the clause needs in
 * progress: where the target settles at once, the test's own account holds them (see `whileBusy`);
 * skips where that cannot be done. A target without the control interface takes real time.
 */
export async function holdActions(kit: Kit): Promise<void> {
  if ((await kit.session.actionDelayMs()) !== 0) return;
  if (!(await kit.session.holdActions()))
    kit.skip('needs a target whose actions take time (cloudconf serve --action-delay-ms N, or an account of its own)');
}

/** The session a busy-state procedure runs on: an account of its own where the target settles at once. */
async function busySessionOf(s: Session): Promise<Session | undefined | NoAnswer> {
  if ((await s.actionDelayMs()) !== 0) return s;
  return (await throwawayOf(s)) ?? s;
}

/**
 * Where a test of the account's settings runs: a throwaway account of its own where the target makes
 * one (nothing is shared, so it overlaps every other test); else the run's account, with no other
 * such test of its file at once, on a session of its own that puts back only what this test changed.
 */
async function settingsSessionOf(
  s: Session,
  exclusive: Exclusive,
): Promise<{ own: Session | NoAnswer; release(): void }> {
  const own = await throwawayOf(s);
  if (own !== undefined) return { own, release: () => {} };
  return { release: await exclusive.acquire(), own: s.sibling() };
}

/** Whose account a test the mode lets run goes on: the run's, or a throwaway one (account-damaging operations, held actions). */
async function sessionFor(s: Session, op: Operation | undefined, procedure: WrittenProcedure | undefined) {
  if (op && damagesAccount(op)) return throwawayOf(s);
  if (procedure && busyProcedures.has(procedure)) return busySessionOf(s);
  return s;
}

function failureMessage(o: Outcome): string {
  return o.failures
    .map((f) => `${f.check}${f.case ? ` (${f.case})` : ''}: expected ${f.expected}; got ${f.actual}. ${f.hint}`)
    .join('\n');
}

/**
 * Registers the area's requirements. `written` holds the procedures of requirements written from
 * prose; derived ones find theirs from the operation data. A requirement with neither is reported
 * `skipped` with that reason, so nothing is silently left out.
 */
export function conformance(area: string, written: Record<string, WrittenProcedure> = {}): void {
  if (collected(area, written)) return;
  const mutants = runConfigFromEnv().mutants;
  const judged = requirements.filter((x) => x.area === area && !excluded.has(x.id));
  if (!mutants) {
    judgeArea(judged, written, session());
    return;
  }
  for (const mutant of mutants) {
    const ids = new Set(mutant.requirements);
    judgeArea(
      judged.filter((r) => ids.has(r.id)),
      written,
      session(mutant),
      mutant.fault,
    );
  }
}

function judgeArea(judged: Requirement[], written: Record<string, WrittenProcedure>, s: Session, fault?: string): void {
  if (judged.length === 0) return;
  const fixtures = new Fixtures(s);
  const settingsExclusive = new Exclusive();
  afterAll(async () => {
    await fixtures.cleanup();
  });
  // The tests that probe one character or value at a time start first, then the written ones, so
  // that their long chains overlap the file's short tests. Tests of the account settings come after the others (waiting for the run's account, they would
  // hold test slots the others could use); tests that run alone come last, each a barrier between
  // groups of concurrent tests.
  const alone = (r: Requirement) => runsAlone(written[r.id]);
  const settings = (r: Requirement) => !alone(r) && sharesAccountSettings(operationOf(r), written[r.id]);
  const others = longFirst(
    judged.filter((x) => !alone(x) && !settings(x)),
    (x) => written[x.id] !== undefined,
  );
  for (const r of [...others, ...judged.filter(settings), ...judged.filter(alone)]) {
    const order = alone(r) ? { concurrent: false } : {};
    test(fault === undefined ? titleOf(r) : `[${fault || 'clean'}] ${titleOf(r)}`, order, async (t) => {
      const op = operationOf(r);
      // The mode decides before anything is made for the test (the send guard holds for the rest).
      const refusal = op ? s.refusal(op) : undefined;
      /** Judges the requirement on `own`'s account; its account-wide changes are put back before it returns. */
      const judge = async (own: Session | NoAnswer | undefined) => {
        const kit = new Kit(r, own instanceof Session ? own : s, s.config.seed);
        const ownFixtures = own === s || !(own instanceof Session) ? fixtures : new Fixtures(own);
        ownFixtures.watch(kit);
        const derived = op ? derivedProcedure(r) : undefined;
        const procedure: WrittenProcedure | undefined =
          written[r.id] ?? (derived && op ? () => derived({ kit, op, fixtures: ownFixtures }) : undefined);
        let outcome: Outcome;
        if (refusal) {
          outcome = { ...kit.outcome(), verdict: 'skipped', reason: refusal };
        } else if (own instanceof NoAnswer) {
          outcome = { ...kit.outcome(), verdict: 'error', reason: `no answer from the target: ${own.message}` };
        } else if (!own) {
          outcome = {
            ...kit.outcome(),
            verdict: 'skipped',
            reason:
              'an irreversible account-wide operation is only sent to a throwaway account, which needs the control interface',
          };
        } else if (!procedure) {
          outcome = { ...kit.outcome(), verdict: 'skipped', reason: 'not yet exercised by the suite' };
        } else {
          try {
            await procedure({ kit, ...(op ? { op } : {}), fixtures: ownFixtures });
            outcome = kit.outcome();
          } catch (error) {
            outcome = outcomeOfError(kit, error);
          }
        }
        ownFixtures.adopt(kit);
        await ownFixtures.releaseFresh(kit);
        return outcome;
      };
      const seat = !refusal && settings(r) ? await settingsSessionOf(s, settingsExclusive) : undefined;
      let outcome: Outcome;
      try {
        outcome = await judge(seat?.own ?? (refusal ? s : await sessionFor(s, op, written[r.id])));
      } finally {
        seat?.release();
      }
      if (fault !== undefined) outcome.fault = fault;
      // Everything that leaves the test for a report goes through the redactor: tokens, passwords, secrets.
      const worker = process.env.VITEST_POOL_ID;
      outcome = { ...s.client.redactor.deep(outcome), requirement: r.id, ...(worker ? { worker } : {}) };
      recordOutcome(t.task.meta, outcome);
      if (outcome.verdict === 'skipped') t.skip(outcome.reason);
      if (
        outcome.verdict === 'fail' ||
        outcome.verdict === 'error' ||
        (outcome.verdict === 'non-strict' && s.config.strict)
      ) {
        throw new Error(outcome.reason ?? failureMessage(outcome));
      }
    });
  }
}
