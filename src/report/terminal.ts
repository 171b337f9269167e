// What a run prints: a live progress line while it goes, then a compact summary per part (colour only on a terminal), or a JSON summary.

import { join } from 'node:path';
import { inertLine } from '../http/inert.js';
import { isBroken, VERDICTS, type Verdict } from '../vocabulary/outcome.js';
import { hygieneLines } from './baseline.js';
import { areaProgress, nextToFix, stoppedLine } from './progress.js';
import type { Results } from './results.js';

/** Where a run stands, as the collector reports it after each judged requirement. */
export interface Progress {
  done: number;
  total: number;
  counts: Record<Verdict, number>;
  /** The requirement judged last. */
  last: string;
}

interface Stream {
  isTTY?: boolean;
  columns?: number;
  write(text: string): unknown;
}

/** Colour only on a terminal, and never when NO_COLOR is set to anything (https://no-color.org). */
export function wantsColour(stream: Stream, env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(stream.isTTY) && !env.NO_COLOR;
}

const SGR: Record<string, string> = {
  fail: '31;1',
  error: '35;1',
  'non-strict': '33',
  pass: '32',
  skipped: '2',
  excluded: '2',
  'not-implemented': '34',
  'not-offered': '2',
  bold: '1',
  dim: '2',
};

export type Paint = (style: string, text: string) => string;
export const painter =
  (colour: boolean): Paint =>
  (style, text) =>
    colour ? `\u001b[${SGR[style] ?? '0'}m${text}\u001b[0m` : text;

const OFF_TTY_EVERY = 25;
const REDRAW_MS = 80;

/**
 * Prints progress: on a terminal one line rewritten in place (at most every 80 ms, and at the end);
 * elsewhere (CI logs, pipes) a "N/M requirements judged" line every 25 requirements and at the end.
 */
export function progressPrinter(log: (line: string) => void, stream: Stream): (p: Progress) => void {
  if (!stream.isTTY) {
    return (p) => {
      if (p.done % OFF_TTY_EVERY === 0 || p.done === p.total) log(`${p.done}/${p.total} requirements judged`);
    };
  }
  const paint = painter(wantsColour(stream));
  let drawn = 0;
  return (p) => {
    const now = Date.now();
    if (p.done !== p.total && now - drawn < REDRAW_MS) return;
    drawn = now;
    const broken = VERDICTS.filter((v) => (isBroken(v) || v === 'not-implemented') && p.counts[v] > 0).map((v) =>
      paint(v, `${p.counts[v]} ${v}`),
    );
    const head = `${p.done}/${p.total} judged  ${paint('pass', `${p.counts.pass} pass`)}${broken.length ? `  ${broken.join('  ')}` : ''}`;
    const width = (stream.columns || 100) - 1;
    const room = width - visibleLength(head) - 2;
    const last = room > 10 ? `  ${paint('dim', p.last.length > room ? `…${p.last.slice(-(room - 1))}` : p.last)}` : '';
    stream.write(`\r\u001b[2K${head}${last}${p.done === p.total ? '\n' : ''}`);
  };
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: the escape sequences are what is being measured away
const visibleLength = (s: string) => s.replace(/\u001b\[[0-9;]*m/g, '').length;

/** How many failing ids the terminal lists per part before pointing at the report. */
const LISTED_PER_PART = 15;

/** Verdicts a part line always shows; the others only where a part has some. */
const ALWAYS_SHOWN: ReadonlySet<Verdict> = new Set(['pass', 'fail', 'non-strict', 'skipped', 'error', 'excluded']);

function partLine(label: string, rs: Results['requirements'], paint: Paint): string {
  const cells = VERDICTS.flatMap((v) => {
    const n = rs.filter((r) => r.verdict === v).length;
    if (n === 0 && !ALWAYS_SHOWN.has(v)) return [];
    const text = `${v} ${n}`;
    return [n > 0 && v !== 'skipped' && v !== 'excluded' && v !== 'not-offered' ? paint(v, text) : text];
  });
  return `${paint('bold', label.padEnd(7))} ${cells.join('  ')}`;
}

/** Failing requirements of one part, by id, the worst first; at most LISTED_PER_PART of them. */
function failingLines(rs: Results['requirements'], strict: boolean, paint: Paint): string[] {
  const shown = rs.filter(
    (r) => r.verdict === 'fail' || r.verdict === 'error' || (strict && r.verdict === 'non-strict'),
  );
  const lines = shown.slice(0, LISTED_PER_PART).map((r) => `  ${paint(r.verdict, r.verdict.toUpperCase())} ${r.id}`);
  if (shown.length > LISTED_PER_PART) lines.push(`  … and ${shown.length - LISTED_PER_PART} more in index.html`);
  return lines;
}

/** Flaky requirements (answers only on a retry), by id: the verdict stands, the mark says to look again. */
function flakyLines(results: Results, paint: Paint): string[] {
  const flaky = results.requirements.filter((r) => r.flaky);
  if (flaky.length === 0) return [];
  const shown = flaky.slice(0, LISTED_PER_PART).map((r) => `  ${paint('non-strict', 'FLAKY')} ${r.id} (${r.verdict})`);
  const more = flaky.length > LISTED_PER_PART ? [`  … and ${flaky.length - LISTED_PER_PART} more in summary.md`] : [];
  return [`${paint('bold', 'flaky')}   ${flaky.length} answered only on a retry`, ...shown, ...more];
}

function baselineLines(results: Results, paint: Paint): string[] {
  const b = results.baseline;
  if (!b) return [];
  const lines = [
    `${paint('bold', 'baseline')} ${b.sources.join(' + ')}: ${paint(b.newFailures.length ? 'fail' : 'pass', `${b.newFailures.length} new failure(s)`)}, ${b.improved.length} improved, ${b.known.length} known`,
  ];
  const list = (ids: string[], style: string, label: string) => {
    lines.push(...ids.slice(0, LISTED_PER_PART).map((id) => `  ${paint(style, label)} ${id}`));
    if (ids.length > LISTED_PER_PART)
      lines.push(`  … and ${ids.length - LISTED_PER_PART} more ${label.toLowerCase()} in summary.md`);
  };
  list(b.newFailures, 'fail', 'NEW');
  list(b.newNonStrict, 'non-strict', 'NEW NON-STRICT');
  list(b.newErrors, 'error', 'NEW ERROR');
  list(b.improved, 'pass', 'IMPROVED');
  lines.push(...hygieneLines(b.hygiene).map((l) => `  ${paint('non-strict', inertLine(l))}`));
  return lines;
}

/**
 * The implementer's view, at the top: the target gone silent, the areas with something to say (a
 * missing operation, a failure), and what to fix next. A partial target (an operation not
 * implemented or not offered) sees every area, so its passing ones show beside what is missing.
 */
function progressLines(results: Results, paint: Paint): string[] {
  const lines = results.stopped ? [paint('error', inertLine(stoppedLine(results.stopped)))] : [];
  const areas = areaProgress(results);
  const partial = areas.some((a) => a.notImplemented || a.notOffered);
  const telling = partial ? areas : areas.filter((a) => a.failing);
  for (const a of telling) {
    const offer = [
      a.notImplemented ? `${a.notImplemented} not implemented` : '',
      a.notOffered ? `${a.notOffered} not offered` : '',
    ].filter(Boolean);
    lines.push(
      `${paint('bold', a.area.padEnd(14))} ${a.operations} operations${offer.length ? ` (${offer.join(', ')})` : ''}; ${a.pass} pass, ${a.failing ? paint('fail', `${a.failing} failing`) : '0 failing'}`,
    );
  }
  const next = nextToFix(results, 5);
  if (next.length) lines.push(paint('bold', 'next to fix'), ...next.map((l, i) => `  ${i + 1}. ${inertLine(l)}`));
  return lines;
}

/** The summary printed after a run: one line per part with its failures by id, the baseline, and where the reports are. */
export function terminalSummary(results: Results, dir: string, colour = false): string {
  const paint = painter(colour);
  const parts = [...new Set(results.requirements.map((r) => r.part))].sort();
  const s = results.summary;
  return [
    `${paint('bold', 'cloudconf')} ${results.target.baseUrl}  seed ${results.seed}  ${(results.durationMs / 1000).toFixed(1)} s  ${s.requests} requests${results.shard ? `  shard ${results.shard.index}/${results.shard.total}` : ''}`,
    ...progressLines(results, paint),
    ...parts.flatMap((part) => {
      const rs = results.requirements.filter((r) => r.part === part);
      return [partLine(`part ${part}`, rs, paint), ...failingLines(rs, results.strict, paint)];
    }),
    ...(parts.length > 1 ? [partLine('total', results.requirements, paint)] : []),
    ...flakyLines(results, paint),
    ...baselineLines(results, paint),
    `report: ${join(dir, 'index.html')}  (also summary.md, results.json, junit.xml)`,
  ].join('\n');
}

/** The summary `run --json` prints on stdout, for scripts. */
export function jsonSummary(results: Results, dir: string) {
  const broken = isBroken;
  return {
    schemaVersion: results.schemaVersion,
    tool: results.tool,
    target: results.target,
    seed: results.seed,
    startedAt: results.startedAt,
    durationMs: results.durationMs,
    strict: results.strict,
    summary: results.summary,
    failures: results.requirements.filter((r) => broken(r.verdict)).map((r) => ({ id: r.id, verdict: r.verdict })),
    ...(results.shard ? { shard: results.shard } : {}),
    ...(results.baseline ? { baseline: results.baseline } : {}),
    reports: {
      html: join(dir, 'index.html'),
      json: join(dir, 'results.json'),
      junit: join(dir, 'junit.xml'),
      summary: join(dir, 'summary.md'),
    },
  };
}
