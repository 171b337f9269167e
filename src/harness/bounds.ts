// The bounds of one requirement's test, whatever the target answers: how many requests it may send and for how long, and the error that ends it as `error` when one is reached.

/** Most requests one requirement's test may send: the heaviest procedure sends about 600 with the default runs. */
export const MAX_REQUESTS_PER_REQUIREMENT = 5_000;

/** How long one requirement's test may send requests: under the harness's test timeout (120 s), so the outcome is still recorded. */
export const MAX_MS_PER_REQUIREMENT = 110_000;

/** Thrown when a test reaches a bound (requests, time, a loop's own limit): the requirement is `error` with the message. */
export class BoundReached extends Error {}

/** Guards a loop that depends on the target's answers: throws `BoundReached` past `limit` turns. */
export function loopBound(what: string, limit: number): () => void {
  let turns = 0;
  return () => {
    turns += 1;
    if (turns > limit)
      throw new BoundReached(`${what}: stopped after ${limit} rounds (the target's answers never ended it)`);
  };
}
