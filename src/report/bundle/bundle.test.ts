// A bundle of a real run verifies; a tampered byte, a removed requirement, an edited verdict or count, and a forged bundle re-signed with another key each make `verify` exit 1 naming what is wrong.

import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, test } from 'vitest';
import { report } from '../../cli/report.js';
import { runSuite } from '../../cli/run.js';
import { verify } from '../../cli/verify.js';
import { scratchDirectory } from '../../test-support/scratch.js';
import { VERDICTS } from '../../vocabulary/outcome.js';
import { type Results, summarize } from '../results.js';
import { MANIFEST, type Manifest, sha256 } from './bundle.js';
import { generateKeys, readPrivateKey, SIGNATURE, signManifest } from './sign.js';
import { readTarGz, writeTarGz } from './tar.js';
import { verifyBundle } from './verify.js';

const dir = scratchDirectory('bundle');
const archive = join(dir, 'conformance.tar.gz');
const product = join(dir, 'product.json');
const publisher = generateKeys();
const forger = generateKeys();
const keyFile = (name: string, text: string) => {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
};
const publisherKey = keyFile('publisher.key', publisher.privatePem);
const publisherPub = keyFile('publisher.pub', publisher.publicPem);

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
  expect(
    await report({ bundle: join(dir, 'run'), out: archive, product, sign: publisherKey, quiet: true }, () => {}),
  ).toBe(0);
}, 120_000);

/**
 * The bundle with some files changed; `recount` also makes the manifest agree, as a careful forger would,
 * and `signWith` signs the new manifest (the forger's own key), else the signature is dropped.
 */
async function forged(
  change: (files: Map<string, Buffer>) => void,
  recount = true,
  signWith?: string,
): Promise<Buffer> {
  const files = new Map((await readTarGz(readFileSync(archive))).map((e) => [e.name, e.data]));
  change(files);
  if (recount) {
    const manifest = JSON.parse((files.get(MANIFEST) as Buffer).toString('utf8')) as Manifest;
    for (const name of Object.keys(manifest.files)) manifest.files[name] = sha256(files.get(name) as Buffer);
    const bytes = Buffer.from(JSON.stringify(manifest));
    files.set(MANIFEST, bytes);
    files.delete(SIGNATURE);
    if (signWith) files.set(SIGNATURE, signManifest(bytes, readPrivateKey('env://K', { K: signWith })));
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

async function verifyFile(bytes: Buffer, name: string, options: { key?: string[]; trustedKeys?: string } = {}) {
  const file = join(dir, name);
  writeFileSync(file, bytes);
  const lines: string[] = [];
  return { code: await verify(file, options, (l) => lines.push(l)), out: lines.join('\n') };
}

test('the bundle of a real run verifies against its key, holds every part, and is a partial run because --only narrowed it', async () => {
  const { code, out } = await verifyFile(readFileSync(archive), 'same.tar.gz', { key: [publisherPub] });
  expect(code, out).toBe(0);
  expect(out).toContain(`signed by the trusted key ${publisher.fingerprint.slice(0, 4)}`);
  expect(out).toContain('a partial run: the run left out');
  // Every verdict's count, skipped and excluded too.
  expect(out).toMatch(new RegExp(`\\(${VERDICTS.map((v) => `\\d+ ${v}`).join(', ')}\\)`));
  const v = await verifyBundle(readFileSync(archive));
  expect([...v.files.keys()].sort()).toEqual(
    [
      'encoding.json',
      'index.html',
      'junit.xml',
      'manifest.json',
      'product.json',
      'results.json',
      'signature.json',
      'summary.md',
    ].sort(),
  );
  expect(v.product?.name).toBe('Ref');
  expect(v.signer).toEqual({ fingerprint: publisher.fingerprint, trusted: false });
  expect(v.encoding?.current).toBe(true);
  expect(v.results?.summary.fail).toBeGreaterThan(0);
});

test('without a key, a signed bundle verifies and says its key was not checked; an unsigned one says anyone could have made it', async () => {
  const signed = await verifyFile(readFileSync(archive), 'signed.tar.gz');
  expect(signed.code).toBe(0);
  expect(signed.out).toContain('which you did not name (--key or --trusted-keys)');
  const unsigned = await verifyFile(await forged(() => {}), 'unsigned.tar.gz');
  expect(unsigned.code).toBe(0);
  expect(unsigned.out).toContain('warning: the bundle is not signed: anyone could have made it');
  expect(unsigned.out).toContain('verified: ');
  expect(unsigned.out).toContain('not signed;');
});

test('a forged bundle (a script and a remote image added to index.html, manifest recomputed, re-signed with another key) is refused by verify --key', async () => {
  const bytes = await forged(
    (files) => {
      const page = (files.get('index.html') as Buffer)
        .toString('utf8')
        .replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/, '')
        .replace('</body>', '<script>alert(1)</script><img src="https://forger.example/x.png"></body>');
      files.set('index.html', Buffer.from(page));
    },
    true,
    forger.privatePem,
  );
  // Without a key the forgery is consistent: it verifies, under the forger's own key, which the line names.
  const open = await verifyFile(bytes, 'forged.tar.gz');
  expect(open.code).toBe(0);
  expect(open.out).toContain(`signed by key ${forger.fingerprint.slice(0, 4)}`);
  const checked = await verifyFile(bytes, 'forged.tar.gz', { key: [publisherPub] });
  expect(checked.code).toBe(1);
  expect(checked.out).toContain(`NOT VERIFIED: signed by key ${forger.fingerprint.slice(0, 4)}`);
  expect(checked.out).toContain('which is not among the keys given');
  // With the publisher's signature kept, the same edit breaks the signature itself.
  const resigned = await forged((files) => {
    files.set('index.html', Buffer.concat([files.get('index.html') as Buffer, Buffer.from('<!-- x -->')]));
  }, true);
  const stripped = await verifyFile(resigned, 'stripped.tar.gz', { key: [publisherPub] });
  expect(stripped.code).toBe(1);
  expect(stripped.out).toContain('NOT VERIFIED: the bundle is not signed, and a key to check it with was given');
});

test('a trusted-keys file binds a name to a key: the name with another key, or the key with another name, is refused', async () => {
  const trusted = keyFile('trusted.txt', `${publisher.line} REF\n${forger.line} Forger Cloud\n`);
  expect((await verifyFile(readFileSync(archive), 'ok.tar.gz', { trustedKeys: trusted })).code).toBe(0);
  const byForger = await forged(() => {}, true, forger.privatePem);
  const claimed = await verifyFile(byForger, 'claimed.tar.gz', { trustedKeys: trusted });
  expect(claimed.code).toBe(1);
  expect(claimed.out).toContain('the bundle names itself "Ref", whose key (');
  expect(claimed.out).toContain(`but it is signed by ${forger.fingerprint.slice(0, 4)}`);
  const renamed = await forged(
    (files) => {
      files.set('product.json', Buffer.from('{"name":"Other","version":"1","vendor":"v","url":"https://x.test"}'));
    },
    true,
    publisher.privatePem,
  );
  const other = await verifyFile(renamed, 'renamed.tar.gz', { trustedKeys: trusted });
  expect(other.code).toBe(1);
  expect(other.out).toContain('signed by the key of "REF"');
  expect(other.out).toContain('but the bundle names itself "Other"');
});

test("text a bundle quotes in verify's lines (a product name holding an escape sequence) is printed inert", async () => {
  const trusted = keyFile('trusted-inert.txt', `${publisher.line} Ref\n`);
  const renamed = await forged(
    (files) => {
      files.set(
        'product.json',
        Buffer.from(JSON.stringify({ name: 'Evil\u001b[2J\u202e', version: '1', vendor: 'v', url: 'u' })),
      );
    },
    true,
    publisher.privatePem,
  );
  const { code, out } = await verifyFile(renamed, 'inert.tar.gz', { trustedKeys: trusted });
  expect(code).toBe(1);
  expect(out).toContain('but the bundle names itself');
  expect(out).not.toContain('\u001b');
  expect(out).not.toContain('\u202e');
});

test('a key file that cannot be read is exit 2, one line', async () => {
  const { code, out } = await verifyFile(readFileSync(archive), 'k.tar.gz', { key: [join(dir, 'missing.pub')] });
  expect(code).toBe(2);
  expect(out).toBe(`cloudconf verify: cannot read ${join(dir, 'missing.pub')} (ENOENT)`);
});

test('the archive is a standard tar.gz that tar lists', () => {
  const listed = execFileSync('tar', ['-tzf', archive], { encoding: 'utf8' }).trim().split('\n');
  expect(listed).toContain('results.json');
  expect(listed).toContain(MANIFEST);
});

test('a byte flipped in the archive: verify exits 1 saying it is damaged', async () => {
  const bytes = Buffer.from(readFileSync(archive));
  const at = Math.floor(bytes.length / 2);
  bytes[at] = (bytes[at] as number) ^ 0x01;
  const { code, out } = await verifyFile(bytes, 'flipped.tar.gz');
  expect(code).toBe(1);
  expect(out).toMatch(/NOT VERIFIED: the archive is damaged/);
});

test('a byte changed in a file, repacked: verify exits 1 naming the file', async () => {
  const bytes = await forged((files) => {
    const page = Buffer.from(files.get('index.html') as Buffer);
    page[100] = (page[100] as number) ^ 0x20;
    files.set('index.html', page);
  }, false);
  const { code, out } = await verifyFile(bytes, 'edited-page.tar.gz');
  expect(code).toBe(1);
  expect(out).toContain('NOT VERIFIED: index.html was modified');
});

test('a requirement removed from results.json, counts and manifest made to agree: verify exits 1 naming it', async () => {
  let removed = '';
  const bytes = await forged((files) =>
    editResults(files, (r) => {
      const failing = r.requirements.findIndex((q) => q.verdict === 'fail');
      removed = r.requirements[failing]?.id as string;
      r.requirements.splice(failing, 1);
    }),
  );
  const { code, out } = await verifyFile(bytes, 'removed.tar.gz');
  expect(code).toBe(1);
  expect(out).toContain(`NOT VERIFIED: requirement ${removed} of the selection is missing from results.json`);
});

test('a verdict edited in results.json, counts and manifest made to agree: verify exits 1 naming it', async () => {
  let edited = '';
  const bytes = await forged((files) =>
    editResults(files, (r) => {
      const failing = r.requirements.find((q) => q.verdict === 'fail');
      if (!failing) throw new Error('the run has no failure to edit');
      edited = failing.id;
      failing.verdict = 'pass';
      failing.failures = [];
    }),
  );
  const { code, out } = await verifyFile(bytes, 'verdict.tar.gz');
  expect(code).toBe(1);
  expect(out).toContain(`NOT VERIFIED: ${edited}: results.json gives it no failure, junit.xml failure`);
  expect(out).toContain(`NOT VERIFIED: ${edited}: results.json says pass, index.html fail`);
});

test("a count edited in summary.md's table, manifest made to agree: verify exits 1 naming the part", async () => {
  const bytes = await forged((files) => {
    const summary = (files.get('summary.md') as Buffer).toString('utf8');
    const row = summary.split('\n').find((l) => l.startsWith('| 1 |')) as string;
    const cells = row.split(' | ');
    cells[1] = String(Number(cells[1]) + 1);
    files.set('summary.md', Buffer.from(summary.replace(row, cells.join(' | '))));
  });
  const { code, out } = await verifyFile(bytes, 'summary.tar.gz');
  expect(code).toBe(1);
  expect(out).toContain('NOT VERIFIED: summary.md: the counts of part 1 differ from results.json');
});
