// Groups the site's verified runs into implementations by the key that signed them, never by name; names that readers could confuse are found and marked.

import { nameKey } from '../bundle/trusted-keys.js';
import type { SiteRun } from './facts.js';

export interface SiteImplementation {
  /** The first 32 hex digits of the key's fingerprint: the implementation's pages, data and badge are named by it. */
  id: string;
  fingerprint: string;
  /** Its runs, oldest first. */
  runs: SiteRun[];
  latest: SiteRun;
  /** The product name of its latest run (a trusted-keys file made sure it is the name the key is trusted for). */
  name: string;
  /** Other implementations (by id) whose names a reader could take for this one's. */
  sameNameAs: string[];
}

const byStart = (a: SiteRun, b: SiteRun) =>
  a.results.startedAt.localeCompare(b.results.startedAt) || a.id.localeCompare(b.id);

/** Implementations from runs, one per signing key, sorted by name then key; each run keeps its key's implementation. */
export function groupByKey(runs: readonly SiteRun[]): SiteImplementation[] {
  const byKey = new Map<string, SiteRun[]>();
  for (const run of runs) byKey.set(run.signer.fingerprint, [...(byKey.get(run.signer.fingerprint) ?? []), run]);
  const impls = [...byKey].map(([fingerprint, own]): SiteImplementation => {
    const sorted = [...own].sort(byStart);
    const latest = sorted[sorted.length - 1] as SiteRun;
    return {
      id: latest.implementation,
      fingerprint,
      runs: sorted,
      latest,
      name: latest.product.name || 'unnamed implementation',
      sameNameAs: [],
    };
  });
  for (const impl of impls)
    impl.sameNameAs = impls.filter((o) => o !== impl && nameKey(o.name) === nameKey(impl.name)).map((o) => o.id);
  return impls.sort(
    (a, b) => nameKey(a.name).localeCompare(nameKey(b.name)) || a.fingerprint.localeCompare(b.fingerprint),
  );
}
