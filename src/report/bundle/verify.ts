// Verifies a conformance bundle: every file present and unmodified, the manifest consistent, the counts and verdicts agreeing across the reports, every requirement of the selection present, the encoding known; and says whether the run was complete.

import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { exclusions } from '../../../spec/index.js';
import { selectRequirements } from '../../../spec/selection.js';
import { VERDICTS } from '../../vocabulary/outcome.js';
import { renderJunit } from '../junit.js';
import { type Selection, selectsAll } from '../provenance.js';
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
import { readTarGz } from './tar.js';

export interface Verification {
  /** True when nothing is wrong: the bundle is complete and unedited as far as these checks can tell. */
  ok: boolean;
  problems: string[];
  warnings: string[];
  /** A complete run: no selection, `full` or `safe` mode, no requirement `error`, not incomplete; what a "certified" badge may claim. */
  complete: boolean;
  /** Why the run is partial, when it is. */
  partial: string[];
  results?: Results;
  product?: Product;
  files: Map<string, Buffer>;
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

  const summary = files.get('summary.md')?.toString('utf8') ?? '';
  for (const part of [...new Set(results.requirements.map((r) => r.part))]) {
    const rs = results.requirements.filter((r) => r.part === part);
    const row = `| ${part} | ${VERDICTS.map((v) => rs.filter((r) => r.verdict === v).length).join(' | ')} |`;
    if (!summary.includes(row)) problems.push(`summary.md: the counts of part ${part} differ from results.json`);
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

function completeness(results: Results): string[] {
  const p = results.provenance;
  const why: string[] = [];
  if (!p) return ['the run recorded no provenance'];
  if (!selectsAll(p.selection)) why.push('a selection narrowed the run');
  if (p.mode !== 'full' && p.mode !== 'safe') why.push(`mode ${p.mode}`);
  if (results.summary.error > 0) why.push(`${results.summary.error} requirement(s) in error`);
  if (results.incomplete) why.push('the run did not complete');
  if (results.shard) why.push('one shard of a run');
  return why;
}

function readJson<T>(files: Map<string, Buffer>, name: string, problems: string[]): T | undefined {
  const data = files.get(name);
  if (!data) return undefined;
  try {
    return JSON.parse(data.toString('utf8')) as T;
  } catch {
    problems.push(`${name} is not JSON`);
    return undefined;
  }
}

/** Checks a bundle's bytes; never throws. */
export function verifyBundle(archive: Buffer): Verification {
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
  try {
    files = new Map(readTarGz(archive).map((e) => [e.name, e.data]));
  } catch (error) {
    problems.push(error instanceof Error ? error.message : String(error));
    return out();
  }
  const manifest = readJson<Manifest>(files, MANIFEST, problems);
  if (!manifest) {
    if (!files.has(MANIFEST)) problems.push(`${MANIFEST} is missing`);
    return out();
  }
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
    if (name !== MANIFEST && !listed.includes(name)) problems.push(`${name} is in the archive but not in the manifest`);

  const results = readJson<Results>(files, 'results.json', problems);
  if (!results) return out();
  problems.push(...schemaProblems(results));
  if (results.schemaVersion !== RESULTS_SCHEMA_VERSION || !Array.isArray(results.requirements)) return out();
  crossCheck(results, files, problems);

  const encoding = readJson<{ revision: string; sha256: string }>(files, 'encoding.json', problems);
  const mine = encodingRecord();
  if (encoding && encoding.revision !== results.provenance?.encoding)
    problems.push(`encoding.json names revision ${encoding.revision}, results.json ${results.provenance?.encoding}`);
  if (encoding && (encoding.revision !== mine.revision || encoding.sha256 !== mine.sha256))
    problems.push(
      `the encoding revision ${encoding.revision} is not the one this cloudconf knows (${mine.revision}): verify with cloudconf ${results.tool.version}`,
    );
  else requirementChecks(results, problems, warnings);

  const product = readJson<Product>(files, 'product.json', problems);
  if (product && PRODUCT_FIELDS.some((k) => typeof product[k] !== 'string' || product[k] === ''))
    warnings.push(`product.json is not filled in (${PRODUCT_FIELDS.join(', ')})`);
  const partial = completeness(results);
  return {
    ok: problems.length === 0,
    problems,
    warnings,
    complete: partial.length === 0,
    partial,
    results,
    ...(product ? { product } : {}),
    files,
  };
}
