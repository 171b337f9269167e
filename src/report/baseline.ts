// Compares a run with a known state (an earlier results.json or a known-failures file), so only what got worse fails the run.

import { FILE_BOUNDS, readBoundedText } from '../http/bounded-file.js';
import type { Verdict } from '../vocabulary/outcome.js';
import type { BaselineComparison, Results } from './results.js';

/** What was known before the run: a verdict per requirement id, and the reason where a known-failures file gave one. */
export interface KnownState {
  verdicts: Map<string, Verdict>;
  reasons: Map<string, string>;
  sources: string[];
}

const broken = (v: Verdict | undefined) => v === 'fail' || v === 'non-strict';

/** The verdicts of an earlier run, read from its results.json. */
export function baselineFromResults(results: Pick<Results, 'requirements'>, source: string): KnownState {
  return {
    verdicts: new Map(results.requirements.map((r) => [r.id, r.verdict])),
    reasons: new Map(),
    sources: [source],
  };
}

/**
 * Parses a known-failures file: a JSON object `{"<id>": "<reason>"}`, or lines `<id> <reason>`
 * (blank lines and lines starting with `#` are ignored). Throws with the line at fault.
 */
export function parseKnownFailures(text: string): Map<string, string> {
  if (text.trimStart().startsWith('{')) return knownFailuresFromJson(text);
  const known = new Map<string, string>();
  for (const [i, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const match = /^(\S+)(?:\s+(.*))?$/.exec(line);
    const id = match?.[1] as string;
    if (known.has(id)) throw new Error(`line ${i + 1}: ${id} is listed twice`);
    known.set(id, match?.[2]?.trim() || 'no reason given');
  }
  return known;
}

function knownFailuresFromJson(text: string): Map<string, string> {
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new Error('a JSON known-failures file is one object: {"<requirement id>": "<reason>"}');
  const known = new Map<string, string>();
  for (const [id, reason] of Object.entries(parsed)) {
    if (typeof reason !== 'string') throw new Error(`${id}: the reason must be a string`);
    known.set(id, reason);
  }
  return known;
}

/** A known-failures list as a known state: every listed requirement is known broken. */
export function baselineFromKnownFailures(known: ReadonlyMap<string, string>, source: string): KnownState {
  return {
    verdicts: new Map([...known.keys()].map((id) => [id, 'fail' as const])),
    reasons: new Map(known),
    sources: [source],
  };
}

/** Both forms at once: a requirement is known broken when either says so. */
export function unionOf(states: readonly KnownState[]): KnownState {
  const verdicts = new Map<string, Verdict>();
  for (const s of states) for (const [id, v] of s.verdicts) if (!broken(verdicts.get(id))) verdicts.set(id, v);
  return {
    verdicts,
    reasons: new Map(states.flatMap((s) => [...s.reasons])),
    sources: states.flatMap((s) => s.sources),
  };
}

/** Loads `--baseline FILE` and `--known-failures FILE` into one known state (undefined when neither is given). */
export function loadKnownState(baseline?: string, knownFailures?: string): KnownState | undefined {
  const states: KnownState[] = [];
  if (baseline) {
    const text = readBoundedText(baseline, FILE_BOUNDS.results, 'the baseline');
    states.push(baselineFromResults(JSON.parse(text) as Results, baseline));
  }
  if (knownFailures) {
    const text = readBoundedText(knownFailures, FILE_BOUNDS.knownFailures, 'the known failures file');
    states.push(baselineFromKnownFailures(parseKnownFailures(text), knownFailures));
  }
  return states.length ? unionOf(states) : undefined;
}

/** Sorts each requirement of the run by how it moved against the known state. */
export function compareWithBaseline(results: Results, before: KnownState): BaselineComparison {
  const out: BaselineComparison = {
    sources: before.sources,
    newFailures: [],
    newNonStrict: [],
    newErrors: [],
    improved: [],
    known: [],
    notJudged: [],
  };
  for (const r of results.requirements) {
    const was = before.verdicts.get(r.id);
    if (broken(r.verdict)) {
      if (broken(was)) out.known.push(r.id);
      else if (r.verdict === 'fail' || results.strict) out.newFailures.push(r.id);
      else out.newNonStrict.push(r.id);
    } else if (broken(was)) {
      (r.verdict === 'pass' ? out.improved : out.notJudged).push(r.id);
    }
    if (r.verdict === 'error' && was !== 'error') out.newErrors.push(r.id);
  }
  const reasons = Object.fromEntries(
    [...out.known, ...out.improved].flatMap((id) => {
      const why = before.reasons.get(id);
      return why === undefined ? [] : [[id, why]];
    }),
  );
  return Object.keys(reasons).length ? { ...out, reasons } : out;
}
