// Unit tests of the preflight phase alone: a run stopped by a signal before any requirement is judged stops every server it started, the embedded reference server and a mutation run's servers included.

import { expect, test } from 'vitest';
import { preflightRun } from './preflight.js';
import type { ResolvedRun } from './resolve.js';
import type { RunTargets } from './targets.js';

function stubTargets(closed: string[]): RunTargets {
  const server = (name: string) => ({ close: async () => void closed.push(name) });
  return {
    config: {},
    seed: 1,
    reference: server('reference'),
    mutantServers: [server('mutant-0'), server('mutant-1')],
    sockets: { dispose: () => void closed.push('sockets') },
    guard: { interrupted: () => 'SIGINT', finish: async () => void closed.push('guard') },
    limiter: { close: async () => void closed.push('limiter') },
  } as unknown as RunTargets;
}

test('a signal before judging: one line, and the guard, the limiter, every server and the sockets are stopped', async () => {
  const closed: string[] = [];
  const lines: string[] = [];
  const run = { options: {}, concurrency: 4 } as unknown as ResolvedRun;
  const counters = await preflightRun(run, stubTargets(closed), [], (l) => lines.push(l));
  expect(counters).toBeUndefined();
  expect(lines).toEqual(['cloudconf: SIGINT before any requirement was judged']);
  expect(closed.sort()).toEqual(['guard', 'limiter', 'mutant-0', 'mutant-1', 'reference', 'sockets']);
});
