// The order a run starts its suite files in, read from the spec: the files expected to last longest start first, the same on every machine and every run, whatever vitest's cache of earlier runs (loopback runs, mutation runs) holds.

import { relative } from 'node:path';
import { BaseSequencer, type TestSequencerConstructor, type TestSpecification } from 'vitest/node';
import type { Requirement } from '../../spec/types.js';
import { CASES_AT_ONCE } from '../harness/cases-at-once.js';
import { probedRule } from '../harness/long-first.js';
import { suiteFileOf } from './shard.js';

/**
 * Requests a test is expected to send, for ordering only: a rule probed a character at a time sends
 * hundreds, one probed a value at a time (an enum) dozens, a convention is judged across every
 * operation, a written procedure takes several steps, a derived check a few cases.
 */
export function expectedRequests(r: Requirement): number {
  const probed = probedRule(r);
  if (probed !== undefined) return probed === 'enum' ? 60 : 400;
  if (r.area === 'conventions') return 150;
  return r.derivation === undefined ? 40 : 10;
}

/**
 * Requests of a test expected to follow each other: a probed rule's cases go CASES_AT_ONCE at a
 * time (`harness/cases-at-once.ts`), so its hundreds of requests are a chain of a few dozen.
 */
export function expectedChain(r: Requirement): number {
  return probedRule(r) === undefined ? expectedRequests(r) : expectedRequests(r) / CASES_AT_ONCE;
}

/**
 * How long each suite file is expected to last, in requests one after another: its longest chain,
 * or its requests spread over the tests it runs at once, whichever is more.
 */
export function fileWeights(judged: readonly Requirement[], testsAtOnce: number): Map<string, number> {
  const byFile = new Map<string, Requirement[]>();
  for (const r of judged) byFile.set(suiteFileOf(r), [...(byFile.get(suiteFileOf(r)) ?? []), r]);
  const weight = (tests: Requirement[]) =>
    Math.max(
      Math.max(...tests.map(expectedChain)),
      tests.reduce((n, r) => n + expectedRequests(r), 0) / Math.max(1, testsAtOnce),
    );
  return new Map([...byFile].map(([file, tests]) => [file.replace(/\.ts$/, ''), weight(tests)]));
}

/** A vitest sequencer starting the heaviest files first (by `weights`, keyed by path from `root` without extension), then by name. */
export function heaviestFirst(weights: ReadonlyMap<string, number>, root: string): TestSequencerConstructor {
  const keyOf = (spec: TestSpecification) => relative(root, spec.moduleId).replace(/\.[cm]?[jt]s$/, '');
  return class HeaviestFirst extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      const weight = (spec: TestSpecification) => weights.get(keyOf(spec)) ?? 0;
      return [...files].sort((a, b) => weight(b) - weight(a) || keyOf(a).localeCompare(keyOf(b)));
    }
  };
}
