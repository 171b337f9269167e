// Model-based runs of a state table: fast-check draws sequences of commands, each checks the target against a model simpler than any server, and a broken expectation is recorded with the sequence that led to it.

import fc from 'fast-check';
import { BoundReached } from '../harness/bounds.js';
import { casesAtOnce, sendCases } from '../harness/cases-at-once.js';
import { type Kit, SkipRequirement } from '../harness/kit.js';
import { NoAnswer, RequestRefused } from '../http/client.js';
import type { Failure } from '../vocabulary/outcome.js';

/** A command of a state table: whether it applies to the model, and what it does to both. */
export interface StateCommand<Model extends object, Real> extends fc.AsyncCommand<Model, Real> {
  toString(): string;
}

/** Thrown by a command whose expectation did not hold, after it recorded the failure on the kit (given here, so a walk names its own). */
export class ExpectationBroken extends Error {
  constructor(readonly failure?: Failure) {
    super('a state expectation did not hold');
  }
}

/** Walks of one requirement in progress at once (one at `--concurrency 1`): each starts from fresh state of its own, so they do not touch each other. */
export const WALKS_AT_ONCE = 4;

/**
 * Runs `runs` random sequences of `commands` (at most `maxCommands` long), each from fresh state
 * made by `setup` and begun by its `opening` command when one is given (it applies or is left out like
 * any command), a few at once; after a broken sequence no further walk starts (no shrinking: each
 * step costs real requests), and each broken walk names its sequence, opening first, on its failure.
 */
export async function modelRun<Model extends object, Real>(
  kit: Kit,
  commands: fc.Arbitrary<StateCommand<Model, Real>>[],
  setup: () => Promise<{ model: Model; real: Real }>,
  options: {
    runs: number;
    maxCommands: number;
    opening?(model: Readonly<Model>, real: Real): StateCommand<Model, Real>;
  },
): Promise<void> {
  const walks = fc.sample(fc.commands(commands, { maxCommands: options.maxCommands }), {
    seed: kit.seed,
    numRuns: options.runs,
  });
  const walk = async (cmds: Iterable<fc.AsyncCommand<Model, Real>>) => {
    let opened: StateCommand<Model, Real> | undefined;
    try {
      const state = await setup();
      const opening = options.opening?.(state.model, state.real);
      if (opening?.check(state.model)) {
        opened = opening;
        await opening.run(state.model, state.real);
      }
      await fc.asyncModelRun(() => state, cmds);
    } catch (error) {
      const failure = error instanceof ExpectationBroken ? (error.failure ?? kit.failures.at(-1)) : undefined;
      const sequence = [...(opened ? [String(opened)] : []), sequenceOf(cmds)].filter(Boolean).join(',');
      if (failure) failure.case = `${failure.case ?? ''} after the sequence ${sequence}`.trim();
      throw error;
    }
  };
  try {
    await sendCases(walks, walk, () => {}, { atOnce: casesAtOnce(kit, WALKS_AT_ONCE) });
  } catch (error) {
    // A skip, a refusal by the mode or a missing answer inside a step ends the requirement as it would outside.
    if (
      error instanceof SkipRequirement ||
      error instanceof RequestRefused ||
      error instanceof NoAnswer ||
      error instanceof BoundReached
    )
      throw error;
    // A broken expectation is already on the kit; anything else is the suite's own error.
    if (!(error instanceof ExpectationBroken) && !kit.failures.length) throw error;
  }
}

/** The commands a walk ran, as fast-check prints them (without its replay comment: the seed replays it). */
function sequenceOf(cmds: Iterable<unknown>): string {
  return String(cmds)
    .replace(/\s*\/\*replayPath=.*?\*\//g, '')
    .trim();
}
