// Where a run's time goes: one run under V8's CPU profiler (every thread), its samples summed by what the code is for.

import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { timed } from './run-cost.js';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Categories in order of precedence: a sample counts for the first category on its stack, innermost frame first. */
const CATEGORIES: [string, RegExp][] = [
  // spec/evaluate.ts serves both the generators and the reference server: its caller decides.
  ['generating requests', /\/src\/generate\/|\/node_modules\/fast-check\//],
  ['checking answers', /\/src\/check\/|\/node_modules\/ajv/],
  ['reference server', /\/src\/reference\//],
  ['reports', /\/src\/report\/|\/node_modules\/allure-/],
  ['redacting secrets', /\/src\/http\/redact\.ts/],
  ['HTTP client', /\/node_modules\/undici\/|\/src\/http\//],
  ['suite harness', /\/src\/suite\/|\/src\/target\/|\/suites\//],
  ['vitest and module loading', /\/node_modules\/(vitest|@vitest|vite|tinypool|tsx|esbuild)|node:internal\/modules/],
];

const categoryOf = (stack: string[]): string => {
  for (const url of stack) for (const [name, pattern] of CATEGORIES) if (pattern.test(url)) return name;
  return 'Node (sockets, timers, GC, other)';
};

/** Milliseconds of CPU per category, over every thread's profile of one run. */
export function whereTimeGoes(args: string[]): { category: string; cpuSeconds: number; share: number }[] {
  const dir = mkdtempSync(join(tmpdir(), 'cloudconf-prof-'));
  try {
    timed(args, {}, ['--cpu-prof', `--cpu-prof-dir=${dir}`]);
    const totals = new Map<string, number>();
    for (const file of readdirSync(dir)) {
      const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Profile;
      addProfile(profile, totals);
    }
    const all = [...totals.values()].reduce((a, b) => a + b, 0);
    return [...totals.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([category, us]) => ({ category, cpuSeconds: us / 1e6, share: us / all }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function addProfile(profile: Profile, totals: Map<string, number>): void {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const cache = new Map<number, string>();
  const category = (id: number): string => {
    const known = cache.get(id);
    if (known) return known;
    const stack: string[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)?.callFrame;
      if (frame) stack.push(frame.url || frame.functionName);
    }
    const found = categoryOf(stack);
    cache.set(id, found);
    return found;
  };
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)?.callFrame;
    if (!frame || frame.functionName === '(idle)') return;
    const name = category(id);
    totals.set(name, (totals.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
}
