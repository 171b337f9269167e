// Judges a cross-cutting requirement (a convention) through whichever operations of its sample the target offers, so that a partial implementation is judged on what it has.

import { operationById } from '../../spec/index.js';
import { offersOperation } from '../../spec/profile.js';
import type { Operation } from '../../spec/types.js';
import { RequestRefused } from '../http/client.js';
import type { RunConfig } from '../target/config.js';
import { type Kit, SkipRequirement } from './kit.js';
import { NothingOffered, NotOffered } from './offer-evidence.js';

/** Whether the run may judge a convention through an operation: in the areas a selection named, and in the declared profile. */
export function judgedThrough(config: RunConfig, op: Operation): boolean {
  if (config.areas && !config.areas.includes(op.area)) return false;
  return !config.profile || offersOperation(config.profile, op);
}

/**
 * Steps of a requirement judged through several operations: each step judges through one operation
 * the run may judge through. A step whose answers (its operation's, or its fixtures') showed the
 * target does not offer what it needed is no evidence: the failures it left are dropped and its
 * operations set aside; a skipped step shows nothing either. `done` ends the requirement as
 * `not-implemented` when nothing the target offers showed it, or `skipped` when the selection or
 * the profile left nothing to try.
 */
export class OfferedSteps {
  private readonly tried: string[] = [];
  private readonly missing: string[] = [];
  /** Why steps were skipped, the first said when no step showed the requirement. */
  private readonly skips: string[] = [];
  private shown = 0;

  constructor(private readonly kit: Kit) {}

  /** One step per operation of the sample the run may judge through. */
  async each(sample: readonly string[], judge: (op: Operation) => Promise<void>): Promise<void> {
    for (const id of sample) {
      const op = operationById.get(id);
      if (op && judgedThrough(this.kit.session.config, op)) await this.step(op, () => judge(op));
    }
  }

  /** One step through one operation, when the run may judge through it; whether it showed anything. */
  async one(id: string, judge: (op: Operation) => Promise<void>): Promise<boolean> {
    const op = operationById.get(id);
    return op !== undefined && judgedThrough(this.kit.session.config, op) && this.step(op, () => judge(op));
  }

  /** Counts a check the requirement makes of the target as a whole (an unknown route), through no operation. */
  judgedAnyway(): void {
    this.shown += 1;
  }

  private async step(op: Operation, judge: () => Promise<void>): Promise<boolean> {
    const { kit } = this;
    this.tried.push(op.id);
    const judged = kit.mark();
    const mark = kit.offers.unservedCount;
    let skipped = false;
    try {
      await judge();
    } catch (error) {
      if (!(error instanceof SkipRequirement || error instanceof NotOffered || error instanceof RequestRefused))
        throw error;
      skipped = true;
      this.skips.push(error.message);
    }
    const unserved = kit.offers.unservedSince(mark);
    if (unserved.length) {
      kit.rollBack(judged);
      kit.offers.setAside(unserved);
      this.missing.push(op.id);
      return false;
    }
    if (!skipped) this.shown += 1;
    return !skipped;
  }

  /** Ends the requirement when no step showed it. */
  done(): void {
    if (this.shown > 0) return;
    if (this.missing.length)
      throw new NothingOffered(
        `no operation the target offers shows it: ${this.missing.join(', ')} answered as not offered`,
      );
    if (this.tried.length === 0)
      this.kit.skip('the selected areas and the declared profile leave none of the operations it is judged through');
    this.kit.skip(this.skips[0] ?? `none of ${this.tried.join(', ')} could be judged on this target`);
  }
}

/** Judges through each operation of a sample (`OfferedSteps` with one group of steps). */
export async function throughOffered(
  kit: Kit,
  sample: readonly string[],
  judge: (op: Operation) => Promise<void>,
): Promise<void> {
  const steps = new OfferedSteps(kit);
  await steps.each(sample, judge);
  steps.done();
}
