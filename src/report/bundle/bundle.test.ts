// A bundle of a real run verifies; a tampered byte, a removed requirement and an edited verdict each make `verify` exit 1 naming what is wrong.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, expect, test } from 'vitest';
import { report } from '../../cli/report.js';
import { runSuite } from '../../cli/run.js';
import { verify } from '../../cli/verify.js';
import { type Results, summarize } from '../results.js';
import { MANIFEST, type Manifest, sha256 } from './bundle.js';
import { readTarGz, writeTarGz } from './tar.js';
import { verifyBundle } from './verify.js';

const dir = mkdtempSync(join(tmpdir(), 'cloudconf-bundle-'));
const archive = join(dir, 'conformance.tar.gz');
const product = join(dir, 'product.json');

beforeAll(async () => {
  await runSuite(
    {
      only: 'vpcs/create',
      faults: ['vpc-subnets-dropped'],
      seed: '1',
      runs: '1',
      allure: false,
      quiet: true,
      reportDir: join(dir, 'run'),
    },
    () => {},
  );
  writeFileSync(
    product,
    JSON.stringify({ name: 'Ref', version: '1.0', vendor: 'cloudconf', url: 'https://example.test' }),
  );
  expect(report({ bundle: join(dir, 'run'), out: archive, product, quiet: true }, () => {})).toBe(0);
}, 120_000);

/** The bundle with some files changed; `recount` also makes the manifest agree, as a careful forger would. */
function forged(change: (files: Map<string, Buffer>) => void, recount = true): Buffer {
  const files = new Map(readTarGz(readFileSync(archive)).map((e) => [e.name, e.data]));
  change(files);
  if (recount) {
    const manifest = JSON.parse((files.get(MANIFEST) as Buffer).toString('utf8')) as Manifest;
    for (const name of Object.keys(manifest.files)) manifest.files[name] = sha256(files.get(name) as Buffer);
    files.set(MANIFEST, Buffer.from(JSON.stringify(manifest)));
  }
  return writeTarGz(
    [...files].map(([name, data]) => ({ name, data })),
    0,
  );
}

function editResults(files: Map<string, Buffer>, edit: (r: Results) => void): void {
  const results = JSON.parse((files.get('results.json') as Buffer).toString('utf8')) as Results;
  edit(results);
  results.summary = { ...results.summary, ...summarize(results.requirements, results.summary.requests) };
  files.set('results.json', Buffer.from(JSON.stringify(results, null, 2)));
}

function verifyFile(bytes: Buffer, name: string) {
  const file = join(dir, name);
  writeFileSync(file, bytes);
  const lines: string[] = [];
  return { code: verify(file, {}, (l) => lines.push(l)), out: lines.join('\n') };
}

test('the bundle of a real run verifies, holds every part, and is a partial run because --only narrowed it', () => {
  const { code, out } = verifyFile(readFileSync(archive), 'same.tar.gz');
  expect(code, out).toBe(0);
  expect(out).toContain('a partial run: a selection narrowed the run');
  const v = verifyBundle(readFileSync(archive));
  expect([...v.files.keys()].sort()).toEqual(
    ['encoding.json', 'index.html', 'junit.xml', 'manifest.json', 'product.json', 'results.json', 'summary.md'].sort(),
  );
  expect(v.product?.name).toBe('Ref');
  expect(v.results?.summary.fail).toBeGreaterThan(0);
});

test('the archive is a standard tar.gz that tar lists', () => {
  const listed = execFileSync('tar', ['-tzf', archive], { encoding: 'utf8' }).trim().split('\n');
  expect(listed).toContain('results.json');
  expect(listed).toContain(MANIFEST);
});

test('a byte flipped in the archive: verify exits 1 saying it is damaged', () => {
  const bytes = Buffer.from(readFileSync(archive));
  const at = Math.floor(bytes.length / 2);
  bytes[at] = (bytes[at] as number) ^ 0x01;
  const { code, out } = verifyFile(bytes, 'flipped.tar.gz');
  expect(code).toBe(1);
  expect(out).toMatch(/NOT VERIFIED: the archive is damaged/);
});

test('a byte changed in a file, repacked: verify exits 1 naming the file', () => {
  const bytes = forged((files) => {
    const page = Buffer.from(files.get('index.html') as Buffer);
    page[100] = (page[100] as number) ^ 0x20;
    files.set('index.html', page);
  }, false);
  const { code, out } = verifyFile(bytes, 'edited-page.tar.gz');
  expect(code).toBe(1);
  expect(out).toContain('NOT VERIFIED: index.html was modified');
});

test('a requirement removed from results.json, counts and manifest made to agree: verify exits 1 naming it', () => {
  let removed = '';
  const bytes = forged((files) =>
    editResults(files, (r) => {
      const failing = r.requirements.findIndex((q) => q.verdict === 'fail');
      removed = r.requirements[failing]?.id as string;
      r.requirements.splice(failing, 1);
    }),
  );
  const { code, out } = verifyFile(bytes, 'removed.tar.gz');
  expect(code).toBe(1);
  expect(out).toContain(`NOT VERIFIED: requirement ${removed} of the selection is missing from results.json`);
});

test('a verdict edited in results.json, counts and manifest made to agree: verify exits 1 naming it', () => {
  let edited = '';
  const bytes = forged((files) =>
    editResults(files, (r) => {
      const failing = r.requirements.find((q) => q.verdict === 'fail');
      if (!failing) throw new Error('the run has no failure to edit');
      edited = failing.id;
      failing.verdict = 'pass';
      failing.failures = [];
    }),
  );
  const { code, out } = verifyFile(bytes, 'verdict.tar.gz');
  expect(code).toBe(1);
  expect(out).toContain(`NOT VERIFIED: ${edited}: results.json gives it no failure, junit.xml failure`);
  expect(out).toContain(`NOT VERIFIED: ${edited}: results.json says pass, index.html fail`);
});
