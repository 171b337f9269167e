// Builds the publishing site from signed bundles: each one verified (within bounds, against the trusted keys when given), then every page, badge and data file rendered by cloudconf from the verified verdicts alone; nothing of a bundle's own pages reaches the site.

import { basename } from 'node:path';
import { inertLine } from '../../http/inert.js';
import type { KeyRing } from '../bundle/trusted-keys.js';
import { verifyBundle } from '../bundle/verify.js';
import { renderHtml } from '../html.js';
import { runBadge, shieldsEndpoint } from './badge.js';
import { comparisonPage } from './compare-page.js';
import { implementationRecord, implementationsIndex, runRecord } from './data.js';
import { type SiteRun, siteRun } from './facts.js';
import { historyPage } from './history-page.js';
import { groupByKey } from './identity.js';
import {
  badgeEndpoint,
  badgeImage,
  IMPLEMENTATIONS,
  implementationData,
  implementationPage,
  runData,
  runPage,
  SCHEMA,
} from './paths.js';
import { siteDataSchema } from './site-schema.js';
import { SiteWriter } from './site-writer.js';

type Log = (line: string) => void;
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** Verifies each bundle; the runs the site may publish, and a log line for each refused with the reason. */
async function acceptedRuns(bundles: readonly string[], keys: KeyRing | undefined, log: Log) {
  const runs: SiteRun[] = [];
  const seen = new Map<string, string>();
  let refused = 0;
  const refuse = (file: string, why: string) => {
    refused += 1;
    // The reasons quote text from the bundle (names, ids): shown inert on a terminal.
    log(inertLine(`refused ${file}: ${why}`));
  };
  for (const file of bundles) {
    const v = await verifyBundle(file, keys ? { keys } : {});
    if (!v.ok || !v.results) refuse(file, v.problems.join('; '));
    else if (!v.signer)
      refuse(file, 'not signed: the site publishes only signed bundles (`report --bundle --sign KEY`)');
    else {
      const run = siteRun({ ...v, signer: v.signer, results: v.results });
      const clash = runs.find(
        (r) => r.implementation === run.implementation && r.signer.fingerprint !== run.signer.fingerprint,
      );
      const content = `${run.signer.fingerprint} ${run.manifestSha256}`;
      const same = seen.get(content);
      if (clash) refuse(file, `its key's fingerprint begins like another key's (${run.implementation})`);
      else if (same) log(`skipped ${file}: the same bundle as ${same}`);
      else {
        seen.set(content, basename(file));
        runs.push(run);
      }
    }
  }
  return { runs, refused };
}

/** Writes the site; returns 1 when a bundle was refused (the rest are published), 0 otherwise; throws when none can be. */
export async function buildSite(dir: string, bundles: readonly string[], log: Log, keys?: KeyRing): Promise<number> {
  const { runs, refused } = await acceptedRuns(bundles, keys, log);
  if (runs.length === 0) throw new Error('no verified, signed bundle to publish');
  const impls = groupByKey(runs);
  const byId = new Map(impls.map((i) => [i.id, i]));
  const site = new SiteWriter(dir);
  site.begin();
  site.write('index.html', comparisonPage(impls));
  site.write(IMPLEMENTATIONS, json(implementationsIndex(impls)));
  site.write(SCHEMA, json(siteDataSchema()));
  for (const impl of impls) {
    site.write(implementationPage(impl.id), historyPage(impl, byId));
    site.write(implementationData(impl.id), json(implementationRecord(impl)));
    site.write(badgeImage(impl.id), runBadge(impl.latest));
    site.write(badgeEndpoint(impl.id), json(shieldsEndpoint(impl.latest)));
    for (const run of impl.runs) {
      // The run's page is cloudconf's report rendered again from the verified results.json, never the bundle's index.html.
      site.write(runPage(impl.id, run.id), renderHtml(run.results));
      site.write(runData(impl.id, run.id), json(runRecord(run)));
    }
  }
  site.finish();
  log(
    `site: ${dir}/index.html (${impls.length} implementations, ${runs.length} bundles${refused ? `, ${refused} refused` : ''})`,
  );
  return refused ? 1 : 0;
}
