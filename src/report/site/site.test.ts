// The publishing site as an attacker and a publisher try it: forged and unsigned bundles refused with the reason, no byte of a bundle's own pages on the site, one page and badge per key whatever the names, its data valid against its schema, and a rebuild that touches only its own files.

import { mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { beforeAll, expect, test } from 'vitest';
import { report } from '../../cli/report.js';
import { runSuite } from '../../cli/run.js';
import { filesUnder } from '../../test-support/files.js';
import { scratchDirectory } from '../../test-support/scratch.js';
import { MANIFEST, type Manifest, sha256 } from '../bundle/bundle.js';
import { generateKeys, type KeyPair, readPrivateKey, SIGNATURE, signManifest } from '../bundle/sign.js';
import { readTarGz, writeTarGz } from '../bundle/tar.js';
import { IMPLEMENTATIONS, SCHEMA } from './paths.js';
import { SITE_MANIFEST } from './site-writer.js';

const dir = scratchDirectory('site-unit');
const run = join(dir, 'run');
/** Planted in a bundle's index.html: it must appear in no file of the site. */
const MARKER = 'CLOUDCONF-PLANTED-MARKER-7f3a';

const keys: Record<string, KeyPair> = {};
const keyFile = (name: string) => {
  const file = join(dir, `${name}.key`);
  writeFileSync(file, keys[name]?.privatePem as string);
  return file;
};

async function bundle(name: string, product: string, key?: string): Promise<string> {
  const productFile = join(dir, `${name}.product.json`);
  writeFileSync(
    productFile,
    JSON.stringify({ name: product, version: '1.0', vendor: `${product} Inc.`, url: 'https://example.test/' }),
  );
  const out = join(dir, `${name}.tar.gz`);
  const code = await report(
    { bundle: run, out, product: productFile, ...(key ? { sign: keyFile(key) } : {}), quiet: true },
    () => {},
  );
  expect(code).toBe(0);
  return out;
}

/** A bundle whose index.html carries a script, a remote image and the marker, its manifest recomputed and signed by `signer`. */
async function planted(from: string, name: string, signer: string): Promise<string> {
  const files = new Map((await readTarGz(from)).map((e) => [e.name, e.data]));
  const page = (files.get('index.html') as Buffer)
    .toString('utf8')
    .replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/, '')
    .replace(
      '</body>',
      `<script>document.title='${MARKER}'</script><img src="https://forger.example/${MARKER}.png"><p>${MARKER}</p></body>`,
    );
  files.set('index.html', Buffer.from(page));
  const manifest = JSON.parse((files.get(MANIFEST) as Buffer).toString('utf8')) as Manifest;
  for (const file of Object.keys(manifest.files)) manifest.files[file] = sha256(files.get(file) as Buffer);
  const bytes = Buffer.from(JSON.stringify(manifest));
  files.set(MANIFEST, bytes);
  files.set(SIGNATURE, signManifest(bytes, readPrivateKey(keyFile(signer))));
  const out = join(dir, `${name}.tar.gz`);
  writeFileSync(
    out,
    writeTarGz(
      [...files].map(([n, data]) => ({ name: n, data })),
      0,
    ),
  );
  return out;
}

const bundles: Record<string, string> = {};

beforeAll(async () => {
  await runSuite({ only: 'vpcs/create', seed: '1', runs: '1', allure: false, quiet: true, reportDir: run }, () => {});
  for (const name of ['acme', 'other', 'forger', 'mirror']) keys[name] = generateKeys();
  bundles.acme = await bundle('acme', 'Acme Cloud', 'acme');
  bundles.other = await bundle('other', 'ACME-cloud', 'other');
  bundles.unsigned = await bundle('unsigned', 'Unsigned Cloud');
  bundles.forged = await planted(bundles.acme, 'forged', 'forger');
  bundles.plantedByAcme = await planted(bundles.acme, 'planted-by-acme', 'acme');
  // "Acme Cloud" written backwards behind a right-to-left override: it would read as Acme's name.
  bundles.mirror = await bundle('mirror', '\u202eduolC emcA', 'mirror');
}, 120_000);

async function site(name: string, files: string[], trusted?: string) {
  const out = join(dir, name);
  const lines: string[] = [];
  let trustedKeys: string | undefined;
  if (trusted) {
    trustedKeys = join(dir, `${name}.trusted`);
    writeFileSync(trustedKeys, trusted);
  }
  const code = await report({ site: out, bundles: files, ...(trustedKeys ? { trustedKeys } : {}), quiet: true }, (l) =>
    lines.push(l),
  );
  return { out, code, log: lines.join('\n') };
}

test('with trusted keys, the forged bundle (script added, manifest recomputed, signed by another key) is refused with the reason', async () => {
  const trusted = `${keys.acme?.line} Acme Cloud\n${keys.other?.line} ACME-cloud-two\n`;
  const { out, code, log } = await site('trusted', [bundles.acme as string, bundles.forged as string], trusted);
  expect(code).toBe(1);
  expect(log).toContain(`refused ${bundles.forged}: the bundle names itself "Acme Cloud", whose key (`);
  expect(log).toContain('(1 implementations, 1 bundles, 1 refused)');
  const index = JSON.parse(readFileSync(join(out, IMPLEMENTATIONS), 'utf8'));
  expect(index.implementations.map((i: { fingerprint: string }) => i.fingerprint)).toEqual([keys.acme?.fingerprint]);
});

test('an unsigned bundle is refused by the site with the reason; the rest are published', async () => {
  const { code, log } = await site('unsigned', [bundles.acme as string, bundles.unsigned as string]);
  expect(code).toBe(1);
  expect(log).toContain(`refused ${bundles.unsigned}: not signed: the site publishes only signed bundles`);
});

test("no byte of a bundle's HTML reaches the site: the marker planted in index.html (by a forger, or by the key's own holder) is in no file", async () => {
  // Without trusted keys the forger's bundle is published, as its own implementation; with them, the holder's own is.
  const open = await site('open', [bundles.acme as string, bundles.forged as string, bundles.plantedByAcme as string]);
  expect(open.log).toContain('(2 implementations, 3 bundles)');
  const files = filesUnder(open.out);
  expect(files.length).toBeGreaterThan(10);
  for (const file of files) expect(readFileSync(file).includes(MARKER), relative(open.out, file)).toBe(false);
  for (const file of files.filter((f) => f.endsWith('.html'))) {
    const html = readFileSync(file, 'utf8');
    expect(html, file).toMatch(
      /<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;; style-src &#39;sha256-[^"]+; script-src &#39;sha256-/,
    );
    expect(html, file).not.toContain('unsafe-inline');
    // Nothing loads from elsewhere (links a reader may follow, such as the vendor's site, are not loads).
    expect(html, file).not.toMatch(/\bsrc="(https?:)?\/\/|<link\b|@import|url\(/);
  }
});

test('two vendors whose names collide ("Acme Cloud", "ACME-cloud") get a page, a badge and data each, every page naming its own vendor', async () => {
  const { out, code } = await site('collide', [bundles.acme as string, bundles.other as string]);
  expect(code).toBe(0);
  const index = JSON.parse(readFileSync(join(out, IMPLEMENTATIONS), 'utf8'));
  const impls = index.implementations as {
    id: string;
    name: string;
    fingerprint: string;
    page: string;
    sameNameAs: string[];
    badge: { svg: string; shields: string };
  }[];
  expect(impls.map((i) => i.fingerprint).sort()).toEqual([keys.acme?.fingerprint, keys.other?.fingerprint].sort());
  const [a, b] = impls as [(typeof impls)[0], (typeof impls)[0]];
  expect(a.page).not.toBe(b.page);
  expect(a.badge.svg).not.toBe(b.badge.svg);
  expect(a.sameNameAs).toEqual([b.id]);
  for (const impl of impls) {
    const page = readFileSync(join(out, impl.page), 'utf8');
    expect(page).toContain(`<h1>${impl.name}</h1>`);
    expect(page).toContain(`${impl.name} Inc.`);
    expect(page).not.toContain(`${impls.find((i) => i !== impl)?.name} Inc.`);
    expect(page).toContain('Not to be confused with');
  }
});

test("the site's data validates against its schema: implementations.json, each implementation's file and each run's; the badges are shields.io endpoints", async () => {
  const { out } = await site('data', [bundles.acme as string, bundles.other as string]);
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  addFormatsModule.default(ajv);
  const schema = JSON.parse(readFileSync(join(out, SCHEMA), 'utf8'));
  ajv.addSchema(schema);
  const validate = (def: string, file: string) => {
    const check = ajv.getSchema(`${schema.$id}#/$defs/${def}`);
    const data = JSON.parse(readFileSync(join(out, file), 'utf8'));
    expect(check?.(data), `${file}: ${JSON.stringify(check?.errors?.slice(0, 3))}`).toBe(true);
    return data;
  };
  const index = validate('implementations', IMPLEMENTATIONS);
  expect(index.implementations).toHaveLength(2);
  for (const impl of index.implementations) {
    const record = validate('implementation', impl.data);
    for (const r of record.runs) {
      const runData = validate('run', r.data);
      expect(runData.requirements.length).toBe(
        Object.values(runData.counts as Record<string, number>).reduce((x, y) => x + y, 0),
      );
      expect(runData.target).toBe('cloudconf reference server');
    }
    const shields = JSON.parse(readFileSync(join(out, impl.badge.shields), 'utf8'));
    expect(shields).toEqual({
      schemaVersion: 1,
      label: 'cloudconf',
      message: impl.latest.badge,
      color: expect.any(String),
      cacheSeconds: 3600,
    });
  }
  // A file that breaks the schema is caught: the check can fail.
  const broken = { ...index, implementations: [{ ...index.implementations[0], fingerprint: 'not-hex' }] };
  expect(ajv.getSchema(`${schema.$id}#/$defs/implementations`)?.(broken)).toBe(false);
});

test('a rebuild removes the files the last build wrote and nothing else; a symbolic link in the site is never written through', async () => {
  const out = join(dir, 'rebuild');
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'mine.txt'), "the user's own file");
  await site('rebuild', [bundles.acme as string, bundles.other as string]);
  const listed = JSON.parse(readFileSync(join(out, SITE_MANIFEST), 'utf8')) as string[];
  expect(listed.length).toBeGreaterThan(5);
  await site('rebuild', [bundles.acme as string]);
  const now = filesUnder(out).map((f) => relative(out, f));
  expect(now).toContain('mine.txt');
  expect(now.filter((f) => f.includes(keys.other?.fingerprint.slice(0, 32) as string))).toEqual([]);
  // A link planted where the site writes: refused, and its target untouched.
  const elsewhere = join(dir, 'elsewhere');
  mkdirSync(elsewhere);
  const linked = join(dir, 'linked');
  mkdirSync(linked);
  symlinkSync(elsewhere, join(linked, 'badges'));
  const { code, log } = await site('linked', [bundles.acme as string]);
  expect(code).toBe(2);
  expect(log).toMatch(/is, or is under, a symbolic link/);
  expect(readdirSync(elsewhere)).toEqual([]);
  expect(statSync(join(linked, 'badges')).isDirectory()).toBe(true);
});

test('a name that reads as another through a bidirectional override is shown with the override escaped, on every page', async () => {
  const { out, code } = await site('mirror', [bundles.acme as string, bundles.mirror as string]);
  expect(code).toBe(0);
  for (const file of filesUnder(out).filter((f) => f.endsWith('.html'))) {
    const html = readFileSync(file, 'utf8');
    if (!html.includes('duolC emcA')) continue;
    expect(html, file).not.toContain('\u202e');
    expect(html, file).toContain('\\u202eduolC emcA');
  }
  expect(readFileSync(join(out, 'index.html'), 'utf8')).toContain('\\u202eduolC emcA');
});
