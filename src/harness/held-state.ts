// A busy, pending or in-progress state a requirement is judged in, and the proof that it still held when the request judged was answered: the state read back after that answer.

import type { Kit } from './kit.js';

export interface HeldState {
  /** What shows the state, for the reason of a skip: `instance 5`, `snapshot 7 of instance 5`. */
  what: string;
  /** What it showed before the request judged went out. */
  shown: unknown;
  /** Reads what it shows now. */
  read(): Promise<unknown>;
  /** Whether a value read shows the state still holding (a transitional status, a backup not yet successful). */
  holds(value: unknown): boolean;
}

/**
 * The first state that no longer holds, with what it shows now; undefined when all still hold. A state
 * read after an answer and still holding held when the answer was given: states of work in progress
 * end and do not start again by themselves. Read only what the request judged cannot change (another
 * instance, a backup), or a request accepted by mistake would start a state of its own and look held.
 */
export async function firstEnded(
  states: readonly HeldState[],
): Promise<{ state: HeldState; now: unknown } | undefined> {
  for (const state of states) {
    const now = await state.read();
    if (!state.holds(now)) return { state, now };
  }
  return undefined;
}

/**
 * Skips unless every state still holds once `probe` was answered: an answer given after the state
 * ended says nothing about the state (a target whose work ends sooner than the suite can look twice).
 * Call it after sending the probe and before judging its answer, so an early end is never a failure.
 */
export async function requireStillHeld(kit: Kit, states: readonly HeldState[], probe: string): Promise<void> {
  const ended = await firstEnded(states);
  if (!ended) return;
  const { state, now } = ended;
  kit.skip(
    `${state.what} read ${JSON.stringify(now)} once ${probe} was answered (${JSON.stringify(state.shown)} before it): the state ended before the answer, which then judges nothing`,
  );
}
