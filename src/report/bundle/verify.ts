// Verifies a conformance bundle: read within bounds, every file present and unmodified, the signature and the signer's key, the manifest consistent, the counts and verdicts agreeing across the reports, every requirement of the selection present; and says whether the run was complete and its encoding current.

import { readFileSync, statSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { exclusions } from '../../../spec/index.js';
import { selectRequirements } from '../../../spec/selection.js';
import { parseJsonBounded } from '../../http/bounded-json.js';
import { completeFor, partialBecause } from '../completeness.js';
import { renderJunit } from '../junit.js';
import type { Selection } from '../provenance.js';
import { RESULTS_SCHEMA_VERSION, type Results, summarize } from '../results.js';
import {
  BUNDLE_FORMAT,
  BUNDLED_REPORTS,
  encodingRecord,
  MANIFEST,
  type Manifest,
  PRODUCT_FIELDS,
  type Product,
  sha256,
} from './bundle.js';
import { checkSignature, SIGNATURE } from './sign.js';
import { ArchiveRefused, BUNDLE_LIMITS, readTarGz } from './tar.js';
import { type KeyRing, nameKey, shortFingerprint } from './trusted-keys.js';

/** Who signed a bundle, as far as its signature shows. */
export interface Signer {
  /** SHA-256 of the signer's public key (hex): what identifies an implementation. */
  fingerprint: string;
  /** The key is among those the reader trusts (`--key`, `--trusted-keys`). */
  trusted: boolean;
  /** The implementation a trusted-keys file names for the key. */
  name?: string;
}

export interface Verification {
  /** True when nothing is wrong: the bundle is complete and unedited as far as these checks can tell. */
  ok: boolean;
  problems: string[];
  warnings: string[];
  /** A complete run: no selection, `full` or `safe` mode, no requirement `error`, not incomplete, judged by this cloudconf's encoding; what a "complete" badge may claim. */
  complete: boolean;
  /** What a complete run covered: the whole API, or everything its declared profile offers. */
  completeFor?: 'the whole API' | 'its profile';
  /** Why the run is partial, when it is. */
  partial: string[];
  /** The signer, when the bundle carries a signature that matches its manifest. */
  signer?: Signer;
  /** The encoding the run was judged by, and whether it is this cloudconf's. */
  encoding?: { revision: string; sha256: string; current: boolean };
  /** SHA-256 of the archive and of its manifest (the bytes the signature covers). */
  archiveSha256?: string;
  manifestSha256?: string;
  results?: Results;
  product?: Product;
  files: Map<string, Buffer>;
}

export interface VerifyOptions {
  /** The keys the reader trusts: a bundle not signed by one of them is not verified. */
  keys?: KeyRing;
}

const EXPECTED_FILES = [...BUNDLED_REPORTS, 'encoding.json', 'product.json'];
const schema = JSON.parse(readFileSync(new URL('../results.schema.json', import.meta.url), 'utf8'));
let validator: ReturnType<Ajv2020['compile']> | undefined;

function schemaProblems(results: unknown): string[] {
  if (!validator) {
    const ajv = new Ajv2020({ allErrors: true, strict: true });
    addFormatsModule.default(ajv);
    validator = ajv.compile(schema);
  }
  if (validator(results)) return [];
  return (validator.errors ?? []).slice(0, 5).map((e) => `results.json ${e.instancePath || '/'} ${e.message}`);
}

/** The requirement ids a selection asks for, in this cloudconf's encoding; undefined when it cannot be recomputed (a shard). */
function expectedIds(selection: Selection): Set<string> | undefined {
  if (selection.shard) return undefined;
  const { level, ...flags } = selection;
  const levels = ['MUST', 'SHOULD', 'MAY'] as const;
  const known = levels.find((l) => l === level);
  return new Set(selectRequirements({ ...flags, ...(known ? { level: known } : {}) }).all.map((r) => r.id));
}

/** What each test case of a junit.xml shows (failure, error, skipped or nothing), by the id its name starts with. */
function junitKinds(xml: string): Map<string, string> {
  const kinds = new Map<string, string>();
  for (const m of xml.matchAll(/<testcase\b[^>]*\bname="([^"]*)"[^>]*>(\s*<(failure|error|skipped)\b)?/g)) {
    const id = (m[1] as string).split(': ')[0] as string;
    kinds.set(id, m[3] ?? 'none');
  }
  return kinds;
}

/** The verdicts index.html embeds for its script. */
function pageVerdicts(html: string): Map<string, string> | undefined {
  const m = html.match(/<script type="application\/json" id="cloudconf-data">([\s\S]*?)<\/script>/);
  if (!m) return undefined;
  const data = JSON.parse(m[1] as string) as { requirements?: { id: string; verdict: string }[] };
  return new Map((data.requirements ?? []).map((r) => [r.id, r.verdict]));
}

function crossCheck(results: Results, files: Map<string, Buffer>, problems: string[]): void {
  const recount = summarize(results.requirements, results.summary.requests);
  for (const [k, v] of Object.entries(recount))
    if (results.summary[k as keyof Results['summary']] !== v)
      problems.push(
        `results.json: the summary says ${k} ${results.summary[k as keyof Results['summary']]}, the requirements give ${v}`,
      );

  const junit = junitKinds(files.get('junit.xml')?.toString('utf8') ?? '');
  const expected = junitKinds(renderJunit(results));
  for (const [id, kind] of expected) {
    const shown = junit.get(id);
    if (shown === undefined) problems.push(`junit.xml lacks ${id}, which results.json has`);
    else if (shown !== kind)
      problems.push(
        `${id}: results.json gives it ${kind === 'none' ? 'no failure' : kind}, junit.xml ${shown === 'none' ? 'no failure' : shown}`,
      );
  }
  for (const id of junit.keys()) if (!expected.has(id)) problems.push(`junit.xml has ${id}, which results.json lacks`);

  let page: Map<string, string> | undefined;
  try {
    page = pageVerdicts(files.get('index.html')?.toString('utf8') ?? '');
  } catch {
    page = undefined;
  }
  if (!page) problems.push('index.html carries no readable report data');
  else {
    for (const r of results.requirements) {
      const shown = page.get(r.id);
      if (shown !== r.verdict)
        problems.push(`${r.id}: results.json says ${r.verdict}, index.html ${shown ?? 'nothing'}`);
    }
    if (page.size !== results.requirements.length)
      problems.push(`index.html has ${page.size} requirements, results.json ${results.requirements.length}`);
  }

  summaryCheck(results, files.get('summary.md')?.toString('utf8') ?? '', problems);
}

/** The counts table of summary.md (`| part | <verdict> | ... |`): its verdict columns and a row per part. */
function summaryTable(summary: string): { columns: string[]; rows: Map<string, number[]> } | undefined {
  const lines = summary.split('\n');
  const at = lines.findIndex((l) => l.startsWith('| part |'));
  if (at === -1) return undefined;
  const cells = (line: string) =>
    line
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
  const columns = cells(lines[at] as string).slice(1);
  const rows = new Map<string, number[]>();
  for (const line of lines.slice(at + 2)) {
    if (!line.startsWith('| ')) break;
    const [part, ...counts] = cells(line);
    rows.set(part as string, counts.map(Number));
  }
  return { columns, rows };
}

/** summary.md's counts per part agree with results.json for every verdict column it has, and it has a column for every verdict given. */
function summaryCheck(results: Results, summary: string, problems: string[]): void {
  const table = summaryTable(summary);
  if (!table) {
    problems.push('summary.md has no table of counts per part');
    return;
  }
  const given = new Set(results.requirements.map((r) => r.verdict));
  for (const v of given)
    if (!table.columns.includes(v)) problems.push(`summary.md has no column for ${v}, which results.json gives`);
  for (const part of [...new Set(results.requirements.map((r) => r.part))]) {
    const rs = results.requirements.filter((r) => r.part === part);
    const row = table.rows.get(String(part));
    const differs = table.columns.some((v, i) => row?.[i] !== rs.filter((r) => r.verdict === v).length);
    if (!row || differs) problems.push(`summary.md: the counts of part ${part} differ from results.json`);
  }
}

function requirementChecks(results: Results, problems: string[], warnings: string[]): void {
  const excluded = new Set(exclusions.map((x) => x.requirement));
  for (const r of results.requirements)
    if ((r.verdict === 'excluded') !== excluded.has(r.id))
      problems.push(
        `${r.id}: ${r.verdict === 'excluded' ? 'excluded, which this encoding does not exclude' : `${r.verdict}, but this encoding excludes it`}`,
      );
  const selection = results.provenance?.selection;
  const wanted = selection ? expectedIds(selection) : undefined;
  if (!wanted) {
    warnings.push('the set of requirements cannot be recomputed (no selection recorded, or a shard)');
    return;
  }
  const have = new Set(results.requirements.map((r) => r.id));
  const missing = [...wanted].filter((id) => !have.has(id));
  const extra = [...have].filter((id) => !wanted.has(id));
  for (const id of missing.slice(0, 10))
    problems.push(`requirement ${id} of the selection is missing from results.json`);
  if (missing.length > 10) problems.push(`and ${missing.length - 10} more requirements are missing`);
  for (const id of extra.slice(0, 10)) problems.push(`results.json has ${id}, which the selection does not hold`);
}

function completeness(results: Results, encodingCurrent: boolean): string[] {
  const why = partialBecause(results);
  if (!encodingCurrent) why.push('judged by another encoding revision than this cloudconf knows');
  return why;
}

function readJson<T>(files: Map<string, Buffer>, name: string, problems: string[]): T | undefined {
  const data = files.get(name);
  if (!data) return undefined;
  const value = parseJsonBounded(data.toString('utf8'));
  if (value === undefined) problems.push(`${name} is not JSON (or nests deeper than any report does)`);
  return value as T | undefined;
}

/** The signature: it matches the manifest, and, when the reader named keys, it is by one of them, for the implementation the key is trusted for. */
function signatureChecks(
  files: Map<string, Buffer>,
  product: Product | undefined,
  keys: KeyRing | undefined,
  problems: string[],
  warnings: string[],
): Signer | undefined {
  const file = files.get(SIGNATURE);
  const manifest = files.get(MANIFEST) as Buffer;
  if (!file) {
    if (keys) problems.push('the bundle is not signed, and a key to check it with was given');
    else warnings.push('the bundle is not signed: anyone could have made it (`report --bundle --sign KEY`)');
    return undefined;
  }
  const checked = checkSignature(manifest, file);
  if ('problem' in checked) {
    problems.push(checked.problem);
    return undefined;
  }
  const { fingerprint } = checked;
  const known = keys?.get(fingerprint);
  const signer: Signer = { fingerprint, trusted: known !== undefined, ...(known?.name ? { name: known.name } : {}) };
  if (!keys) {
    warnings.push(
      `signed by key ${shortFingerprint(fingerprint)}, which you did not name (--key or --trusted-keys): the bundle is unchanged since that key signed it, whoever holds it`,
    );
    return signer;
  }
  const claimed = product?.name ? nameKey(product.name) : undefined;
  const owner = claimed ? [...keys.values()].find((k) => k.name && nameKey(k.name) === claimed) : undefined;
  if (owner && owner.fingerprint !== fingerprint)
    problems.push(
      `the bundle names itself ${JSON.stringify(product?.name)}, whose key (${owner.where}) is ${shortFingerprint(owner.fingerprint)}, but it is signed by ${shortFingerprint(fingerprint)}`,
    );
  else if (!known) problems.push(`signed by key ${shortFingerprint(fingerprint)}, which is not among the keys given`);
  else if (known.name && claimed !== nameKey(known.name))
    problems.push(
      `signed by the key of ${JSON.stringify(known.name)} (${known.where}), but the bundle names itself ${JSON.stringify(product?.name ?? '')}`,
    );
  return signer;
}

/** Reads the archive within the bundle limits; the files, or the line saying why not. */
async function readArchive(source: string | Buffer): Promise<{ bytes: Buffer; files: Map<string, Buffer> } | string> {
  try {
    const size = typeof source === 'string' ? statSync(source).size : source.length;
    if (size > BUNDLE_LIMITS.archiveBytes)
      return `the archive is refused: it is ${size} bytes, past the ${BUNDLE_LIMITS.archiveBytes / 1024 / 1024} MiB a bundle may weigh`;
    const bytes = typeof source === 'string' ? readFileSync(source) : source;
    const names = new Set([...EXPECTED_FILES, MANIFEST, SIGNATURE]);
    const entries = await readTarGz(bytes, BUNDLE_LIMITS, (name) => names.has(name));
    return { bytes, files: new Map(entries.map((e) => [e.name, e.data])) };
  } catch (error) {
    if (error instanceof ArchiveRefused) return `the archive is refused: ${error.message}`;
    return error instanceof Error ? error.message : String(error);
  }
}

/** Checks a bundle (its file, or its bytes); never throws. */
export async function verifyBundle(source: string | Buffer, options: VerifyOptions = {}): Promise<Verification> {
  const problems: string[] = [];
  const warnings: string[] = [];
  const out = (): Verification => ({
    ok: problems.length === 0,
    problems,
    warnings,
    complete: false,
    partial: [],
    files,
  });
  let files = new Map<string, Buffer>();
  const read = await readArchive(source);
  if (typeof read === 'string') {
    problems.push(read);
    return out();
  }
  files = read.files;
  const archiveSha256 = sha256(read.bytes);
  const manifest = readJson<Manifest>(files, MANIFEST, problems);
  if (!manifest) {
    if (!files.has(MANIFEST)) problems.push(`${MANIFEST} is missing`);
    return out();
  }
  const manifestSha256 = sha256(files.get(MANIFEST) as Buffer);
  if (manifest.format !== BUNDLE_FORMAT)
    problems.push(`${MANIFEST}: bundle format ${manifest.format} is not ${BUNDLE_FORMAT}`);
  const listed = Object.keys(manifest.files ?? {});
  for (const name of EXPECTED_FILES) if (!listed.includes(name)) problems.push(`${MANIFEST} does not list ${name}`);
  for (const name of listed) {
    const data = files.get(name);
    if (!EXPECTED_FILES.includes(name)) problems.push(`${MANIFEST} lists ${name}, which no bundle holds`);
    if (!data) problems.push(`${name} is missing from the archive`);
    else if (sha256(data) !== manifest.files[name])
      problems.push(`${name} was modified: its SHA-256 differs from the manifest`);
  }
  for (const name of files.keys())
    if (name !== MANIFEST && name !== SIGNATURE && !listed.includes(name))
      problems.push(`${name} is in the archive but not in the manifest`);

  const product = readJson<Product>(files, 'product.json', problems);
  const signer = signatureChecks(files, product, options.keys, problems, warnings);
  const results = readJson<Results>(files, 'results.json', problems);
  if (!results) return out();
  problems.push(...schemaProblems(results));
  if (results.schemaVersion !== RESULTS_SCHEMA_VERSION || !Array.isArray(results.requirements)) return out();
  crossCheck(results, files, problems);

  const encoding = readJson<{ revision: string; sha256: string }>(files, 'encoding.json', problems);
  const mine = encodingRecord();
  const current = encoding?.revision === mine.revision && encoding.sha256 === mine.sha256;
  if (encoding && encoding.revision !== results.provenance?.encoding)
    problems.push(`encoding.json names revision ${encoding.revision}, results.json ${results.provenance?.encoding}`);
  if (encoding && !current)
    warnings.push(
      `judged by encoding revision ${encoding.revision}, not this cloudconf's (${mine.revision}): the set of requirements and the exclusions were not checked (cloudconf ${results.tool.version} checks them)`,
    );
  else requirementChecks(results, problems, warnings);

  if (product && PRODUCT_FIELDS.some((k) => typeof product[k] !== 'string' || product[k] === ''))
    warnings.push(`product.json is not filled in (${PRODUCT_FIELDS.join(', ')})`);
  const partial = completeness(results, current);
  return {
    ok: problems.length === 0,
    problems,
    warnings,
    complete: partial.length === 0,
    completeFor: completeFor(results),
    partial,
    ...(signer ? { signer } : {}),
    ...(encoding ? { encoding: { revision: encoding.revision, sha256: encoding.sha256, current } } : {}),
    archiveSha256,
    manifestSha256,
    results,
    ...(product ? { product } : {}),
    files,
  };
}
