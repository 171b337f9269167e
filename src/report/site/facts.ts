// What the publishing site says about one verified run, computed once for its pages and its JSON: the product, the signing key, what was compared and how, the counts per verdict, and the known failures.

import type { Verdict } from '../../vocabulary/outcome.js';
import type { Product } from '../bundle/bundle.js';
import type { Signer, Verification } from '../bundle/verify.js';
import { selectionLine } from '../provenance.js';
import type { RequirementResult, Results } from '../results.js';
import { VERDICT_MEANING } from '../verdicts.js';

/** Every verdict, in the order of their meanings: the site iterates this list, never a list of its own. */
export const VERDICTS = Object.keys(VERDICT_MEANING) as Verdict[];

/** Verdicts that do not count toward a score: the documents or the implementer's profile leave them out. */
const NOT_SCORED: ReadonlySet<string> = new Set(['excluded', 'not-offered']);
export const scored = (r: Pick<RequirementResult, 'verdict'>): boolean => !NOT_SCORED.has(r.verdict);

/** How many requirements got each verdict: every verdict of VERDICTS, then any other a newer cloudconf gave. */
export function verdictCounts(requirements: readonly Pick<RequirementResult, 'verdict'>[]): Record<string, number> {
  const counts: Record<string, number> = Object.fromEntries(VERDICTS.map((v) => [v, 0]));
  for (const r of requirements) counts[r.verdict] = (counts[r.verdict] ?? 0) + 1;
  return counts;
}

/** `12 pass, 1 fail, 0 non-strict, ...`: every verdict's count, for one line. */
export const countsLine = (results: Pick<Results, 'requirements'>): string =>
  Object.entries(verdictCounts(results.requirements))
    .map(([v, n]) => `${n} ${v}`)
    .join(', ');

/** The support profile a run declared (results.json's `profile`, when the run recorded one), as the site shows it. */
export interface ProfileView {
  /** What the profile leaves out, as a line ("not offered: transfers, billing"), or that it declares everything. */
  declared: string;
  /** Whether the run judged everything the profile claims. */
  complete?: boolean;
}

const listOf = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.filter((v): v is string => typeof v === 'string')
    : value && typeof value === 'object'
      ? Object.values(value).flatMap(listOf)
      : [];

/**
 * Reads the profile leniently, from `offer.profile` (`{offers, except?, note?}`) or a top-level
 * `profile` (`{notOffered}`): results.json's shape for it is new and may grow; unknown members are left out.
 * Completeness for the profile is read from `complete` or `completeForProfile` where the run recorded it.
 */
export function profileOf(results: Results): ProfileView | undefined {
  const r = results as {
    offer?: { profile?: unknown; completeForProfile?: unknown };
    profile?: unknown;
    completeForProfile?: unknown;
  };
  const raw = r.offer?.profile ?? r.profile;
  if (!raw || typeof raw !== 'object') return undefined;
  const p = raw as Record<string, unknown>;
  const offers = listOf(p.offers);
  const except = listOf(p.except);
  const notOffered = listOf(p.notOffered ?? p['not-offered']);
  const note = typeof p.note === 'string' && p.note ? ` (${p.note})` : '';
  const declared = offers.length
    ? `offers ${offers.join(', ')}${except.length ? `, except ${except.join(', ')}` : ''}`
    : notOffered.length
      ? `not offered: ${notOffered.join(', ')}`
      : 'offers everything';
  const complete = [p.complete, p.completeForProfile, r.offer?.completeForProfile, r.completeForProfile].find(
    (v) => typeof v === 'boolean',
  ) as boolean | undefined;
  return { declared: `${declared}${note}`, ...(complete === undefined ? {} : { complete }) };
}

/** A known failure as the run's known-failures file gave it: its reason, and a link and expiry where the file has them. */
export interface KnownFailure {
  reason?: string;
  link?: string;
  expires?: string;
}

const httpLink = (value: unknown): string | undefined =>
  typeof value === 'string' && /^https?:\/\/[^\s"'<>]+$/i.test(value) ? value : undefined;

/**
 * The known failure of a requirement still broken in a run against known failures; undefined otherwise.
 * The reason comes from `baseline.reasons`; a link and an expiry from `baseline.links` and
 * `baseline.expires` (maps by id, as `reasons` is) where the known-failures file gave them.
 */
export function knownFailureOf(results: Results, id: string): KnownFailure | undefined {
  const b = results.baseline as (Results['baseline'] & Record<string, unknown>) | undefined;
  if (!b?.known.includes(id)) return undefined;
  const of = (field: string): unknown => (b[field] as Record<string, unknown> | undefined)?.[id];
  const reason = b.reasons?.[id];
  const link = httpLink(of('links'));
  const expires = of('expires');
  return {
    ...(typeof reason === 'string' ? { reason } : {}),
    ...(link ? { link } : {}),
    ...(typeof expires === 'string' ? { expires } : {}),
  };
}

/** A verified run as the site holds it. */
export interface SiteRun {
  /** `<start, compact>-<manifest hash>`: unique per bundle content, stable across builds. */
  id: string;
  /** The implementation: the first 32 hex digits of its key's fingerprint. */
  implementation: string;
  signer: Signer;
  product: Product;
  results: Results;
  complete: boolean;
  partial: string[];
  encoding: { revision: string; current: boolean };
  archiveSha256: string;
  manifestSha256: string;
}

export const implementationId = (fingerprint: string): string => fingerprint.slice(0, 32);

/** The site's record of a bundle that verified and was signed. */
export function siteRun(v: Verification & { signer: Signer; results: Results }): SiteRun {
  const stamp = v.results.startedAt.replace(/[-:]/g, '').replace(/\.\d+/, '');
  const manifest = v.manifestSha256 ?? '';
  return {
    id: `${stamp.replace(/[^0-9TZ]/g, '')}-${manifest.slice(0, 8)}`,
    implementation: implementationId(v.signer.fingerprint),
    signer: v.signer,
    product: v.product ?? { name: '', version: '', vendor: '', url: '' },
    results: v.results,
    complete: v.complete,
    partial: v.partial,
    encoding: { revision: v.encoding?.revision ?? '', current: v.encoding?.current ?? false },
    archiveSha256: v.archiveSha256 ?? '',
    manifestSha256: manifest,
  };
}

/** The target as the publisher chose to show it: product.json's `target`, else the run's base URL. */
export const targetShown = (run: SiteRun): string =>
  run.product.target ?? (run.results.target.reference ? 'cloudconf reference server' : run.results.target.baseUrl);

/** What was compared, per run: the facts a reader needs to know what a verdict means. */
export function factsOf(run: SiteRun) {
  const r = run.results;
  const p = r.provenance;
  const profile = profileOf(r);
  return {
    product: {
      name: run.product.name,
      version: run.product.version,
      vendor: run.product.vendor,
      url: run.product.url,
    },
    key: run.signer.fingerprint,
    ...(profile ? { profile: { ...profile, complete: run.complete } } : {}),
    cloudconf: { version: r.tool.version, ...(r.tool.build ? { build: r.tool.build } : {}) },
    encoding: run.encoding,
    target: targetShown(run),
    startedAt: r.startedAt,
    ...(p?.endedAt ? { endedAt: p.endedAt } : {}),
    seed: r.seed,
    mode: p?.mode ?? 'unknown',
    runs: p?.runs ?? 0,
    strict: r.strict,
    selection: p ? selectionLine(p.selection) : 'unknown',
    complete: run.complete,
    partial: run.partial,
    counts: verdictCounts(r.requirements),
    bundle: { sha256: run.archiveSha256, manifestSha256: run.manifestSha256 },
  };
}

export type RunFacts = ReturnType<typeof factsOf>;
