// The site's results as data, beside its pages: implementations.json, a JSON file per implementation and per run, each following the site's JSON Schema (site-schema.ts).

import { TOOL_VERSION } from '../../version.js';
import { encodingRevision, toolBuild } from '../provenance.js';
import { badgeOf } from './badge.js';
import { factsOf, knownFailureOf, type SiteRun } from './facts.js';
import type { SiteImplementation } from './identity.js';
import {
  badgeEndpoint,
  badgeImage,
  implementationData,
  implementationPage,
  runData,
  runPage,
  SCHEMA,
} from './paths.js';

/** The version of the site's data files (each carries it as `schemaVersion`): raised with a change that breaks readers. */
export const SITE_DATA_VERSION = 1;

function runSummary(run: SiteRun) {
  const f = factsOf(run);
  return {
    id: run.id,
    page: runPage(run.implementation, run.id),
    data: runData(run.implementation, run.id),
    startedAt: f.startedAt,
    productVersion: f.product.version,
    complete: f.complete,
    encodingCurrent: f.encoding.current,
    counts: f.counts,
    badge: badgeOf(run).value,
  };
}

function implementationSummary(impl: SiteImplementation) {
  return {
    id: impl.id,
    fingerprint: impl.fingerprint,
    name: impl.name,
    vendor: impl.latest.product.vendor,
    url: impl.latest.product.url,
    page: implementationPage(impl.id),
    data: implementationData(impl.id),
    badge: { svg: badgeImage(impl.id), shields: badgeEndpoint(impl.id) },
    sameNameAs: impl.sameNameAs,
    runs: impl.runs.length,
    latest: runSummary(impl.latest),
  };
}

const header = () => ({
  schemaVersion: SITE_DATA_VERSION,
  schema: SCHEMA,
  generator: { name: 'cloudconf', version: TOOL_VERSION, build: toolBuild() },
});

/** implementations.json: every implementation, its latest run and where the rest is. */
export function implementationsIndex(impls: readonly SiteImplementation[]) {
  return { ...header(), encoding: encodingRevision(), implementations: impls.map(implementationSummary) };
}

/** implementations/<id>.json: the implementation and each of its runs, oldest first. */
export function implementationRecord(impl: SiteImplementation) {
  const { latest: _latest, runs: _runs, ...summary } = implementationSummary(impl);
  return { ...header(), ...summary, runs: impl.runs.map(runSummary) };
}

/** implementations/<id>/<run>.json: what the run compared and every requirement's verdict, with its reason and known failure. */
export function runRecord(run: SiteRun) {
  return {
    ...header(),
    id: run.id,
    implementation: run.implementation,
    page: runPage(run.implementation, run.id),
    ...factsOf(run),
    requirements: run.results.requirements.map((r) => {
      const known = knownFailureOf(run.results, r.id);
      return {
        id: r.id,
        part: r.part,
        area: r.area,
        level: r.level,
        verdict: r.verdict,
        ...(r.reason ? { reason: r.reason } : {}),
        ...(known ? { knownFailure: known } : {}),
      };
    }),
  };
}
