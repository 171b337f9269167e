// A real run's reports say what was run: results.json follows its JSON Schema (schemaVersion tied to it) and carries the provenance, which index.html, summary.md and junit.xml show.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { beforeAll, expect, test } from 'vitest';
import { encodingRevision } from '../report/provenance.js';
import { RESULTS_SCHEMA_VERSION, type Results } from '../report/results.js';
import { scratchDirectory } from '../test-support/scratch.js';
import { runSuite } from './run.js';

const schema = JSON.parse(readFileSync(new URL('../report/results.schema.json', import.meta.url), 'utf8'));
const dir = scratchDirectory('provenance');
const read = (file: string) => readFileSync(join(dir, file), 'utf8');
let written: Results;

beforeAll(async () => {
  await runSuite({ only: 'vpcs/create', seed: '3', runs: '1', allure: false, quiet: true, reportDir: dir }, () => {});
  written = JSON.parse(read('results.json')) as Results;
}, 120_000);

test('results.json of a real run is valid against results.schema.json, whose schemaVersion is the one written', () => {
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  addFormatsModule.default(ajv);
  const validate = ajv.compile(schema);
  expect(validate(written), JSON.stringify(validate.errors, null, 2)).toBe(true);
  expect(schema.properties.schemaVersion.const).toBe(RESULTS_SCHEMA_VERSION);
  expect(written.schemaVersion).toBe(RESULTS_SCHEMA_VERSION);
});

test('results.json carries the provenance of the run: build, encoding, selection, settings, times and runtime', () => {
  const p = written.provenance;
  expect(written.tool.build).toMatch(/^[0-9a-f]{12}$/);
  expect(p?.encoding).toBe(encodingRevision());
  expect(p?.selection).toEqual({ only: ['vpcs/create'] });
  expect([p?.mode, p?.runs, p?.node]).toEqual(['full', 1, process.version]);
  expect(p?.concurrency).toBeGreaterThan(0);
  expect(Date.parse(p?.endedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(written.startedAt));
  expect(p?.platform).toBe(`${process.platform}-${process.arch}`);
});

test('index.html, summary.md and junit.xml show the provenance; the page has a legend of the six verdicts', () => {
  const build = written.tool.build as string;
  const encoding = written.provenance?.encoding as string;
  for (const file of ['index.html', 'summary.md', 'junit.xml']) {
    const text = read(file);
    for (const value of [build, encoding, '--only vpcs/create', process.version])
      expect(text, `${file}: ${value}`).toContain(value);
  }
  const html = read('index.html');
  for (const v of ['pass', 'fail', 'non-strict', 'skipped', 'error', 'excluded'])
    expect(html).toMatch(new RegExp(`<dt><span class="badge v-${v}">${v}</span></dt><dd>[^<]+</dd>`));
  expect(read('junit.xml')).toContain(`<property name="cloudconf.mode" value="full"/>`);
});

test('every testcase and testsuite of junit.xml has a time', () => {
  const junit = read('junit.xml');
  const opening = [...junit.matchAll(/<(testcase|testsuite)\b[^>]*>/g)].map((m) => m[0]);
  expect(opening.length).toBeGreaterThan(written.requirements.length);
  for (const tag of opening) expect(tag).toMatch(/ time="\d+\.\d{3}"/);
});
