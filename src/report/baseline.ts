// Compares a run with a known state (an earlier results.json or a known-failures file), so only what got worse fails the run.

import { requirementById } from '../../spec/index.js';
import { FILE_BOUNDS, readBoundedText } from '../http/bounded-file.js';
import type { Verdict } from '../vocabulary/outcome.js';
import { closest } from '../vocabulary/suggest.js';
import type { BaselineComparison, KnownFailuresHygiene, Results } from './results.js';

/** One entry of a known-failures file: why it fails, and where it is tracked and until when, when given. */
export interface KnownEntry {
  reason: string;
  link?: string;
  /** `YYYY-MM-DD`: from the day after, the entry no longer excuses the failure. */
  expires?: string;
}

/** What was known before the run: a verdict per requirement id, and the entries a known-failures file gave. */
export interface KnownState {
  verdicts: Map<string, Verdict>;
  reasons: Map<string, string>;
  sources: string[];
  /** The known-failures file's entries, for its hygiene: entries naming nothing, no longer failing, expired. */
  entries?: Map<string, KnownEntry>;
}

/** Broken against a baseline: a rule broken, or an operation the target no longer offers. */
const broken = (v: Verdict | undefined) => v === 'fail' || v === 'non-strict' || v === 'not-implemented';

/** The verdicts of an earlier run, read from its results.json. */
export function baselineFromResults(results: Pick<Results, 'requirements'>, source: string): KnownState {
  return {
    verdicts: new Map(results.requirements.map((r) => [r.id, r.verdict])),
    reasons: new Map(),
    sources: [source],
  };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `link=URL` and `expires=YYYY-MM-DD` at the end of a line, in either order. */
function lineEntry(rest: string, where: string): KnownEntry {
  let reason = rest;
  const entry: Omit<KnownEntry, 'reason'> = {};
  for (;;) {
    const m = /\s*\b(link|expires)=(\S+)$/.exec(reason);
    if (!m) break;
    if (m[1] === 'link') entry.link = m[2] as string;
    else if (DAY.test(m[2] as string)) entry.expires = m[2] as string;
    else throw new Error(`${where}: expires takes a date, YYYY-MM-DD`);
    reason = reason.slice(0, m.index);
  }
  return { reason: reason.trim() || 'no reason given', ...entry };
}

/**
 * Parses a known-failures file: lines `<id> <reason> [link=URL] [expires=YYYY-MM-DD]` (blank lines
 * and lines starting with `#` are ignored), or a JSON object whose values are reasons or
 * `{"reason", "link", "expires"}`. Throws with the line or id at fault.
 */
export function parseKnownFailures(text: string): Map<string, KnownEntry> {
  if (text.trimStart().startsWith('{')) return knownFailuresFromJson(text);
  const known = new Map<string, KnownEntry>();
  for (const [i, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const match = /^(\S+)(?:\s+(.*))?$/.exec(line);
    const id = match?.[1] as string;
    if (known.has(id)) throw new Error(`line ${i + 1}: ${id} is listed twice`);
    known.set(id, lineEntry(match?.[2] ?? '', `line ${i + 1}`));
  }
  return known;
}

function knownFailuresFromJson(text: string): Map<string, KnownEntry> {
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new Error(
      'a JSON known-failures file is one object: {"<requirement id>": "<reason>" or {"reason", "link", "expires"}}',
    );
  const known = new Map<string, KnownEntry>();
  for (const [id, value] of Object.entries(parsed)) {
    if (typeof value === 'string') {
      known.set(id, { reason: value });
      continue;
    }
    const v = value as Partial<Record<keyof KnownEntry, unknown>> | null;
    if (typeof v !== 'object' || v === null || typeof v.reason !== 'string')
      throw new Error(`${id}: the reason must be a string (or {"reason", "link", "expires"})`);
    if (v.link !== undefined && typeof v.link !== 'string') throw new Error(`${id}: link must be a string`);
    if (v.expires !== undefined && (typeof v.expires !== 'string' || !DAY.test(v.expires)))
      throw new Error(`${id}: expires takes a date, YYYY-MM-DD`);
    known.set(id, {
      reason: v.reason,
      ...(typeof v.link === 'string' ? { link: v.link } : {}),
      ...(typeof v.expires === 'string' ? { expires: v.expires } : {}),
    });
  }
  return known;
}

/** Whether an entry's expiry is past (on `today`, `YYYY-MM-DD`, it still holds). */
const expired = (entry: KnownEntry, today: string) => entry.expires !== undefined && entry.expires < today;

/** A known-failures list as a known state: every listed requirement is known broken, but for expired entries. */
export function baselineFromKnownFailures(
  known: ReadonlyMap<string, KnownEntry>,
  source: string,
  today = new Date().toISOString().slice(0, 10),
): KnownState {
  const live = [...known].filter(([, e]) => !expired(e, today));
  return {
    verdicts: new Map(live.map(([id]) => [id, 'fail' as const])),
    reasons: new Map([...known].map(([id, e]) => [id, e.reason])),
    sources: [source],
    entries: new Map(known),
  };
}

/** Both forms at once: a requirement is known broken when either says so. */
export function unionOf(states: readonly KnownState[]): KnownState {
  const verdicts = new Map<string, Verdict>();
  for (const s of states) for (const [id, v] of s.verdicts) if (!broken(verdicts.get(id))) verdicts.set(id, v);
  const entries = states.flatMap((s) => [...(s.entries ?? [])]);
  return {
    verdicts,
    reasons: new Map(states.flatMap((s) => [...s.reasons])),
    sources: states.flatMap((s) => s.sources),
    ...(entries.length ? { entries: new Map(entries) } : {}),
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
export function compareWithBaseline(
  results: Results,
  before: KnownState,
  today = new Date().toISOString().slice(0, 10),
): BaselineComparison {
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
      else if (r.verdict !== 'non-strict' || results.strict) out.newFailures.push(r.id);
      else out.newNonStrict.push(r.id);
    } else if (broken(was)) {
      (r.verdict === 'pass' ? out.improved : out.notJudged).push(r.id);
    }
    if (r.verdict === 'error' && was !== 'error') out.newErrors.push(r.id);
  }
  const shown = [...out.known, ...out.improved];
  const reasons = pick(shown, (id) => before.reasons.get(id));
  const links = pick(shown, (id) => before.entries?.get(id)?.link);
  const expires = pick(shown, (id) => before.entries?.get(id)?.expires);
  const hygiene = before.entries ? knownFailuresHygiene(results, before.entries, today) : undefined;
  return {
    ...out,
    ...(Object.keys(reasons).length ? { reasons } : {}),
    ...(Object.keys(links).length ? { links } : {}),
    ...(Object.keys(expires).length ? { expires } : {}),
    ...(hygiene && (hygiene.unknown.length || hygiene.stale.length || hygiene.expired.length) ? { hygiene } : {}),
  };
}

/** A known-failures file that lists what a run found broken, each with its first failure as the reason: a start to edit. */
export function knownFailuresFile(results: Results): string {
  const broken = results.requirements.filter(
    (r) => r.verdict === 'fail' || r.verdict === 'non-strict' || r.verdict === 'not-implemented',
  );
  const why = (r: Results['requirements'][number]) => {
    const f = r.failures[0];
    const text = f ? `${f.check}: expected ${f.expected}; got ${f.actual}` : (r.reason ?? r.verdict);
    return text.replace(/\s+/g, ' ').slice(0, 200);
  };
  return [
    `# Known failures of ${results.target.baseUrl}, from the run of ${results.startedAt} (seed ${results.seed}).`,
    '# One requirement a line: its id, why it fails; add link=URL and expires=YYYY-MM-DD as you track them.',
    ...broken.map((r) => `${r.id}  ${why(r)}`),
    '',
  ].join('\n');
}

/** What a known-failures file says that is no longer true, as lines for every report (none when all holds). */
export function hygieneLines(h: KnownFailuresHygiene | undefined): string[] {
  if (!h) return [];
  const gate = h.strict ? ' (fails the run: --strict-known-failures)' : '';
  return [
    ...h.unknown.map(
      (u) =>
        `known-failures entry ${u.id} names no requirement${u.suggestion ? ` (did you mean ${u.suggestion}?)` : ''}${gate}`,
    ),
    ...h.stale.map((id) => `known-failures entry ${id} passes now: remove it${gate}`),
    ...h.expired.map((id) => `known-failures entry ${id} has expired: its failure counts again${gate}`),
  ];
}

/** Values by id, for the ids that have one. */
const pick = (ids: readonly string[], value: (id: string) => string | undefined): Record<string, string> =>
  Object.fromEntries(ids.flatMap((id) => (value(id) === undefined ? [] : [[id, value(id) as string]])));

/**
 * What a known-failures file says that is no longer true: entries that name no requirement of this
 * cloudconf, that pass in this run (remove them, so the list stays a list of what fails), and
 * expired ones (no longer excusing the failure).
 */
export function knownFailuresHygiene(
  results: Results,
  entries: ReadonlyMap<string, KnownEntry>,
  today: string,
): KnownFailuresHygiene {
  const byId = new Map(results.requirements.map((r) => [r.id, r.verdict]));
  const unknown: { id: string; suggestion?: string }[] = [];
  const stale: string[] = [];
  const expiredIds: string[] = [];
  for (const [id, entry] of entries) {
    if (!requirementById.has(id) && !byId.has(id)) {
      const suggestion = closest(id, [...requirementById.keys()])[0];
      unknown.push({ id, ...(suggestion ? { suggestion } : {}) });
    } else if (byId.get(id) === 'pass') stale.push(id);
    if (expired(entry, today)) expiredIds.push(id);
  }
  return { unknown, stale, expired: expiredIds };
}
