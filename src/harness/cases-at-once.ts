// Sends the independent cases of one requirement a few at a time and judges them in case order, so a probe of hundreds of values does not hold a run's tail across a network and its report reads the same from run to run.

import type { Exchange } from '../http/exchange.js';

/**
 * Cases of one requirement in flight at once. Each case is a request of its own (a value that
 * breaks the rule); the run's `--concurrency` still caps all requests.
 */
export const CASES_AT_ONCE = 8;

/** What says how many requests a run keeps in flight: a test's kit. */
interface RunOf {
  session: { config?: { concurrency?: number } };
}

/**
 * How many of a requirement's cases (or walks) go at once: one at `--concurrency 1`, where a run
 * does one thing at a time. Eight cases queued for the run's one slot made another worker's test
 * wait eight requests for each of its own: a held action (1 s) ended before the request that had
 * to meet it, and a busy-state test was skipped there and passed at the default.
 */
export const casesAtOnce = (kit: RunOf, most = CASES_AT_ONCE): number =>
  kit.session.config?.concurrency === 1 ? 1 : most;

/** An answer this long (or cut at the client's cap) makes the rest of the cases go one at a time: a hostile target's huge answers stay few in memory. */
export const HEAVY_ANSWER_CHARS = 1024 * 1024;

export const heavyAnswer = (e: Exchange): boolean =>
  (e.response?.text.length ?? 0) > HEAVY_ANSWER_CHARS || e.response?.truncated === true;

export interface CasesOptions<A> {
  atOnce?: number;
  /** An answer after which the remaining cases go one at a time. */
  heavy?: (answer: A) => boolean;
}

/**
 * Sends every case, at most `atOnce` at a time, and judges each answer in the order of the cases as
 * soon as those before it are judged (an answer is kept only until then). After a heavy answer the
 * rest go one at a time. When a send throws (the requirement's bound reached), no further case
 * starts, and the error is thrown once nothing is in flight; the cases answered before the first
 * unanswered one are judged.
 */
export async function sendCases<C, A>(
  cases: readonly C[],
  send: (c: C) => Promise<A>,
  judge: (c: C, answer: A) => void,
  { atOnce = CASES_AT_ONCE, heavy = () => false }: CasesOptions<A> = {},
): Promise<void> {
  const waiting = new Map<number, A>();
  let judged = 0;
  let next = 0;
  let runners = Math.max(1, Math.min(atOnce, cases.length));
  let failure: { error: unknown } | undefined;
  const judgeInOrder = () => {
    while (waiting.has(judged)) {
      const answer = waiting.get(judged) as A;
      waiting.delete(judged);
      judge(cases[judged] as C, answer);
      judged += 1;
    }
  };
  const runner = async (slot: number) => {
    while (!failure && next < cases.length && slot < runners) {
      const i = next++;
      try {
        const answer = await send(cases[i] as C);
        if (heavy(answer)) runners = 1;
        waiting.set(i, answer);
        judgeInOrder();
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: runners }, (_, slot) => runner(slot)));
  if (failure) throw failure.error;
}

/**
 * `sendCases` for the requests of a test: as many at once as the run allows (`casesAtOnce`), and
 * after a heavy answer the rest one at a time, so huge answers stay few in memory.
 */
export const sendRequests = <C>(
  kit: RunOf,
  cases: readonly C[],
  send: (c: C) => Promise<Exchange>,
  judge: (c: C, answer: Exchange) => void,
): Promise<void> => sendCases(cases, send, judge, { atOnce: casesAtOnce(kit), heavy: heavyAnswer });
