// Builds a conformance bundle from a report directory: the four reports, the encoding's hash, the product the implementer names, and a manifest of SHA-256 sums, signed when a key is given, in one archive.

import { createHash, type KeyObject } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { specExport } from '../../export/spec-json.js';
import { IN_PROGRESS_MARKER } from '../complete.js';
import { encodingRevision } from '../provenance.js';
import type { Results } from '../results.js';
import { SIGNATURE, signManifest } from './sign.js';
import { BUNDLE_LIMITS, type TarEntry, writeTarGz } from './tar.js';

/** The reports a bundle carries, as the run wrote them. */
export const BUNDLED_REPORTS = ['results.json', 'junit.xml', 'index.html', 'summary.md'] as const;
export const PRODUCT_FIELDS = ['name', 'version', 'vendor', 'url'] as const;
/** Optional: the target as the publisher chooses to show it (`"staging, eu-west"`) instead of the run's base URL. */
export const PRODUCT_OPTIONAL = ['target'] as const;
export const MANIFEST = 'manifest.json';
export const BUNDLE_FORMAT = 1;

export type Product = Record<(typeof PRODUCT_FIELDS)[number], string> &
  Partial<Record<(typeof PRODUCT_OPTIONAL)[number], string>>;

export interface Manifest {
  format: number;
  tool: { name: string; version: string };
  /** SHA-256 of every other file of the bundle, by name. */
  files: Record<string, string>;
}

export const sha256 = (data: Buffer | string): string => createHash('sha256').update(data).digest('hex');

/** The encoding the reports were judged by: its short revision and the hash of the whole export (tool version left out). */
export function encodingRecord() {
  const { tool: _tool, ...encoding } = specExport();
  return { revision: encodingRevision(), sha256: sha256(JSON.stringify(encoding, null, 2)) };
}

/** The product from the implementer's file: the four fields, each a string, and `target` if given; an empty template without a file. */
export function readProduct(file: string | undefined): Product {
  if (!file) return { name: '', version: '', vendor: '', url: '' };
  const raw = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const missing = PRODUCT_FIELDS.filter((k) => typeof raw[k] !== 'string' || raw[k] === '');
  if (missing.length)
    throw new Error(`${file} lacks ${missing.join(', ')} (the product needs ${PRODUCT_FIELDS.join(', ')})`);
  const optional = PRODUCT_OPTIONAL.filter((k) => raw[k] !== undefined);
  for (const k of optional) if (typeof raw[k] !== 'string') throw new Error(`${file}: ${k} must be a string`);
  return Object.fromEntries([...PRODUCT_FIELDS, ...optional].map((k) => [k, raw[k] as string])) as Product;
}

const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);

/** The bundle of a finished run's report directory, its manifest signed when a key is given; throws naming what is missing. */
export function createBundle(dir: string, product: Product, key?: KeyObject): Buffer {
  if (existsSync(join(dir, IN_PROGRESS_MARKER))) throw new Error(`${dir} holds a run that has not finished`);
  const missing = BUNDLED_REPORTS.filter((f) => !existsSync(join(dir, f)));
  if (missing.length) throw new Error(`${dir} lacks ${missing.join(', ')}`);
  const entries: TarEntry[] = BUNDLED_REPORTS.map((name) => ({ name, data: readFileSync(join(dir, name)) }));
  const MiB = 1024 * 1024;
  const big = entries.find((e) => e.data.length > BUNDLE_LIMITS.entryBytes);
  const total = entries.reduce((n, e) => n + e.data.length + 512, 0);
  if (big || total > BUNDLE_LIMITS.totalBytes)
    throw new Error(
      `${big ? `${big.name} is ${big.data.length} bytes` : `the reports are ${total} bytes`}: past what \`verify\` reads (${BUNDLE_LIMITS.entryBytes / MiB} MiB a file, ${BUNDLE_LIMITS.totalBytes / MiB} MiB in all); a run with fewer failures, or --only, makes a smaller bundle`,
    );
  const results = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as Results;
  entries.push({ name: 'encoding.json', data: json(encodingRecord()) }, { name: 'product.json', data: json(product) });
  const manifest: Manifest = {
    format: BUNDLE_FORMAT,
    tool: { name: results.tool.name, version: results.tool.version },
    files: Object.fromEntries(entries.map((e) => [e.name, sha256(e.data)])),
  };
  const manifestBytes = json(manifest);
  entries.push({ name: MANIFEST, data: manifestBytes });
  if (key) entries.push({ name: SIGNATURE, data: signManifest(manifestBytes, key) });
  const ended = Date.parse(results.provenance?.endedAt ?? results.startedAt);
  return writeTarGz(entries, Number.isFinite(ended) ? ended / 1000 : 0);
}
