// Where a run waits: each test's start, end and requests (from a report directory's results.json), the tests that ran alone in their file, each file's chain of requests that must follow each other, and tests that waited longer than their requests explain.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Part } from '../../spec/types.js';
import { suiteFileOf } from '../cli/shard.js';

export interface TestSpan {
  id: string;
  file: string;
  worker: string;
  start: number;
  stop: number;
  requests: number;
  /** No other test of its file was running at any moment of it. */
  alone: boolean;
}

export interface FileSpan {
  file: string;
  worker: string;
  start: number;
  stop: number;
  tests: number;
  requests: number;
  /** Tests that ran with no other test of their file, and their requests (one after another). */
  aloneTests: number;
  aloneRequests: number;
  /**
   * The requests that must follow each other in this file as it was scheduled: every test that ran
   * alone, plus the longest of the others. At `delayMs` each, the least time the file can take.
   */
  chainRequests: number;
}

export interface Timeline {
  tests: TestSpan[];
  files: FileSpan[];
}

/** Tests one after another can share a few milliseconds of their recorded spans (the reporter's clock). */
const OVERLAP_MS = 20;

interface TimedRequirement {
  id: string;
  part: Part;
  area: string;
  requests?: number;
  startedAtMs?: number;
  durationMs?: number;
  worker?: string;
}

/** Reads the spans of a run from `dir/results.json` (each test's start, duration and worker). */
export function readTimeline(dir: string): Timeline {
  const results = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as { requirements: TimedRequirement[] };
  const raw: Omit<TestSpan, 'alone'>[] = [];
  for (const r of results.requirements) {
    // Excluded requirements, and runs before test spans were recorded, have no span.
    if (r.startedAtMs === undefined || r.durationMs === undefined) continue;
    raw.push({
      id: r.id,
      file: suiteFileOf({ area: r.area, source: { part: r.part } }),
      worker: r.worker ?? '?',
      start: r.startedAtMs,
      stop: r.startedAtMs + r.durationMs,
      requests: r.requests ?? 0,
    });
  }
  const byFile = new Map<string, Omit<TestSpan, 'alone'>[]>();
  for (const t of raw) byFile.set(t.file, [...(byFile.get(t.file) ?? []), t]);
  const tests: TestSpan[] = [];
  const files: FileSpan[] = [];
  for (const [file, spans] of byFile) {
    const marked = spans.map((t) => ({
      ...t,
      alone: !spans.some((o) => o !== t && o.start + OVERLAP_MS < t.stop && t.start + OVERLAP_MS < o.stop),
    }));
    tests.push(...marked);
    const alone = marked.filter((t) => t.alone);
    const aloneRequests = alone.reduce((n, t) => n + t.requests, 0);
    const longestOther = Math.max(0, ...marked.filter((t) => !t.alone).map((t) => t.requests));
    files.push({
      file,
      worker: spans[0]?.worker ?? '?',
      start: Math.min(...spans.map((t) => t.start)),
      stop: Math.max(...spans.map((t) => t.stop)),
      tests: spans.length,
      requests: spans.reduce((n, t) => n + t.requests, 0),
      aloneTests: alone.length,
      aloneRequests,
      chainRequests: aloneRequests + longestOther,
    });
  }
  files.sort((a, b) => a.start - b.start);
  return { tests, files };
}

/** Per worker: its files' chains added up (a worker runs one file at a time), the floor of its share of the run. */
export function workersOf(t: Timeline) {
  const workers = new Map<
    string,
    { worker: string; files: number; requests: number; chainRequests: number; start: number; stop: number }
  >();
  for (const f of t.files) {
    const w = workers.get(f.worker) ?? {
      worker: f.worker,
      files: 0,
      requests: 0,
      chainRequests: 0,
      start: f.start,
      stop: f.stop,
    };
    w.files += 1;
    w.requests += f.requests;
    w.chainRequests += f.chainRequests;
    w.start = Math.min(w.start, f.start);
    w.stop = Math.max(w.stop, f.stop);
    workers.set(f.worker, w);
  }
  return [...workers.values()].sort((a, b) => a.worker.localeCompare(b.worker));
}

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The timeline as text: files in the order they started, the longest chains, and the tests that waited most. */
export function describeTimeline(t: Timeline, delayMs: number): string {
  const zero = Math.min(...t.files.map((f) => f.start));
  const lines = [
    `files in the order they started (delay ${delayMs} ms; chain = requests that follow each other)`,
    '| file | worker | start | end | tests | requests | alone (requests) | chain | chain at delay |',
    '|---|---|---|---|---|---|---|---|---|',
    ...t.files.map(
      (f) =>
        `| ${f.file} | ${f.worker} | ${s(f.start - zero)} | ${s(f.stop - zero)} | ${f.tests} | ${f.requests} | ${f.aloneTests} (${f.aloneRequests}) | ${f.chainRequests} | ${s(f.chainRequests * delayMs)} |`,
    ),
    '',
    'workers (each runs its files one after another: the sum of their chains is its floor)',
    ...workersOf(t).map(
      (w) =>
        `  ${w.worker}: ${w.files} files, ${w.requests} requests, chains ${w.chainRequests} requests (${s(w.chainRequests * delayMs)}), ${s(w.stop - w.start)} busy`,
    ),
    '',
    'longest tests (requests that follow each other)',
    ...[...t.tests]
      .sort((a, b) => b.requests - a.requests)
      .slice(0, 10)
      .map((x) => `  ${x.requests} requests, ${s(x.stop - x.start)}${x.alone ? ', alone' : ''}: ${x.id}`),
    '',
    'tests that waited most beyond their requests (polls, held actions, queues): time - requests x delay',
    ...[...t.tests]
      .map((x) => ({ x, wait: x.stop - x.start - x.requests * delayMs }))
      .sort((a, b) => b.wait - a.wait)
      .slice(0, 10)
      .map(({ x, wait }) => `  ${s(wait)} waited, ${x.requests} requests in ${s(x.stop - x.start)}: ${x.id}`),
  ];
  return `${lines.join('\n')}\n`;
}

/** Seconds of the run each line of `describeInFlight` covers. */
const WINDOW_S = 5;

/**
 * Requests in flight over the run (`perSecond` from the delay proxy, its first second at
 * `firstAtMs`), five seconds a line, with the files that had a test running then: where the run
 * filled its slots and where few requests were out.
 */
export function describeInFlight(seen: { firstAtMs: number; perSecond: number[] }, t: Timeline): string {
  const lines = ['requests in flight, mean of each 5 s (files with a test running then)'];
  for (let from = 0; from < seen.perSecond.length; from += WINDOW_S) {
    const window = seen.perSecond.slice(from, from + WINDOW_S);
    const mean = window.reduce((a, b) => a + b, 0) / window.length;
    const start = seen.firstAtMs + from * 1000;
    const stop = start + window.length * 1000;
    const running = t.files
      .filter((f) => t.tests.some((x) => x.file === f.file && x.start < stop && x.stop > start))
      .map((f) => f.file.replace(/^suites\/(part\d\/)?|\.test\.ts$/g, ''));
    lines.push(
      `  ${String(from).padStart(4)} s ${mean.toFixed(1).padStart(5)} ${'#'.repeat(Math.round(mean))} ${running.join(' ')}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

// `node --import tsx src/bench/timeline.ts <report dir> [delay ms]`: the timeline of a finished run.
if (process.argv[1]?.endsWith('timeline.ts')) {
  const [dir, delay] = process.argv.slice(2);
  if (!dir) throw new Error('usage: timeline.ts <report dir> [delay ms]');
  process.stdout.write(describeTimeline(readTimeline(dir), Number(delay ?? 50)));
}
