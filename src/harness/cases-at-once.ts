// Sends the independent cases of one requirement a few at a time and judges them in case order, so a probe of hundreds of values does not hold a run's tail across a network and its report reads the same from run to run.

/**
 * Cases of one requirement in flight at once. Each case is a request of its own (a value that
 * breaks the rule); the run's `--concurrency` still caps all requests, so at `--concurrency 1` they
 * go one at a time as before.
 */
export const CASES_AT_ONCE = 8;

/**
 * Sends every case, at most `atOnce` at a time, then judges the answers in the order of the cases.
 * When a send throws (the requirement's bound reached), no further case starts; the cases answered
 * before the first unanswered one are judged, and the error is thrown once nothing is in flight.
 */
export async function sendCases<C, A>(
  cases: readonly C[],
  send: (c: C) => Promise<A>,
  judge: (c: C, answer: A) => void,
  atOnce = CASES_AT_ONCE,
): Promise<void> {
  const answers: (A | undefined)[] = new Array(cases.length);
  const answered: boolean[] = new Array(cases.length).fill(false);
  let next = 0;
  let failure: { error: unknown } | undefined;
  const runner = async () => {
    while (!failure && next < cases.length) {
      const i = next++;
      try {
        answers[i] = await send(cases[i] as C);
        answered[i] = true;
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(atOnce, cases.length)) }, runner));
  for (let i = 0; i < cases.length && answered[i]; i++) judge(cases[i] as C, answers[i] as A);
  if (failure) throw failure.error;
}
