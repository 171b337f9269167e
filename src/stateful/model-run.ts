// Model-based runs of a state table: fast-check draws sequences of commands, each checks the target against a model simpler than any server, and a broken expectation is recorded with the sequence that led to it.

import fc from 'fast-check';
import { BoundReached } from '../harness/bounds.js';
import { type Kit, SkipRequirement } from '../harness/kit.js';
import { NoAnswer, RequestRefused } from '../http/client.js';

/** A command of a state table: whether it applies to the model, and what it does to both. */
export interface StateCommand<Model extends object, Real> extends fc.AsyncCommand<Model, Real> {
  toString(): string;
}

/** Thrown by a command whose expectation did not hold, after it recorded the failure on the kit. */
export class ExpectationBroken extends Error {}

/**
 * Runs `runs` random sequences of `commands` (at most `maxCommands` long) from fresh state made by
 * `setup`; the first broken sequence ends the run (no shrinking: each step costs real requests).
 */
export async function modelRun<Model extends object, Real>(
  kit: Kit,
  commands: fc.Arbitrary<StateCommand<Model, Real>>[],
  setup: () => Promise<{ model: Model; real: Real }>,
  options: { runs: number; maxCommands: number },
): Promise<void> {
  const property = fc.asyncProperty(fc.commands(commands, { maxCommands: options.maxCommands }), async (cmds) => {
    const state = await setup();
    await fc.asyncModelRun(() => state, cmds);
  });
  try {
    await fc.assert(property, { numRuns: options.runs, seed: kit.seed, endOnFailure: true });
  } catch (error) {
    // A skip, a refusal by the mode or a missing answer inside a step ends the requirement as it would outside.
    const cause = (error as Error).cause;
    if (
      cause instanceof SkipRequirement ||
      cause instanceof RequestRefused ||
      cause instanceof NoAnswer ||
      cause instanceof BoundReached
    )
      throw cause;
    // A broken expectation is already on the kit; anything else is the suite's own error.
    if (!kit.failures.length) throw error;
    const last = kit.failures.at(-1);
    if (last) last.case = `${last.case ?? ''} after the sequence ${sequenceOf(error)}`.trim();
  }
}

function sequenceOf(error: unknown): string {
  const m = /Counterexample: \[(.*)\]/.exec(String((error as Error).message));
  // fast-check appends its replay path as a comment: the seed and the replay command already replay it.
  return m?.[1]?.replace(/\s*\/\*replayPath=.*?\*\//g, '').trim() ?? '(see the exchanges)';
}
