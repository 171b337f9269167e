// Bounded reading of bundle archives: decompression bombs (built by streaming, never in memory) are refused fast and small, in a fresh process as `verify` meets them; too many files, oversized headers and damaged sizes are refused; an archive at the limits is read.

import { execFileSync } from 'node:child_process';
import { createWriteStream, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { beforeAll, expect, test } from 'vitest';
import { YOUNG_GENERATION } from '../../cli/launch-flags.mjs';
import { scratchDirectory } from '../../test-support/scratch.js';
import { type ArchiveLimits, ArchiveRefused, readTarGz, tarHeader, writeTarGz } from './tar.js';

const dir = scratchDirectory('tar');
const GiB = 1024 ** 3;
const MiB = 1024 ** 2;

/**
 * Writes a gzip file of segments, each a tar header (or none) then that many MiB of zeros, streamed: one
 * deflated MiB of zeros is written again and again as gzip members (gunzip reads concatenated members
 * as one stream), so the gigabytes never exist in memory and the file takes a moment to write.
 */
async function writeBomb(file: string, segments: { header?: Buffer; zerosMiB: number }[]): Promise<void> {
  const out = createWriteStream(file);
  const write = (b: Buffer) => new Promise<void>((resolve, reject) => out.write(b, (e) => (e ? reject(e) : resolve())));
  const member = gzipSync(Buffer.alloc(MiB), { level: 9 });
  for (const { header, zerosMiB } of segments) {
    if (header) await write(gzipSync(header));
    for (let i = 0; i < zerosMiB; i++) await write(member);
  }
  await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
}

const bombs = {
  /** The case: one file that says (truthfully) it holds 4 GiB of zeros. */
  oneHugeFile: join(dir, 'bomb-file.tar.gz'),
  /** 4 GiB of zeros with no tar structure at all. */
  bareZeros: join(dir, 'bomb-zeros.tar.gz'),
  /** A header that claims a small file, followed by 4 GiB it did not announce. */
  lyingHeader: join(dir, 'bomb-lying.tar.gz'),
  /** 4 GiB as files of 30 MiB each, every one under the limit of a file, named as no bundle's file is. */
  manyLargeFiles: join(dir, 'bomb-many.tar.gz'),
  /** Files of 30 MiB named as a bundle's files are, each under the limit of a file: the inflated total stops them. */
  bundleNames: join(dir, 'bomb-names.tar.gz'),
};

beforeAll(async () => {
  const FOUR_GIB_IN_MIB = 4096;
  await writeBomb(bombs.oneHugeFile, [{ header: tarHeader('results.json', 4 * GiB, 0), zerosMiB: FOUR_GIB_IN_MIB }]);
  await writeBomb(bombs.bareZeros, [{ zerosMiB: FOUR_GIB_IN_MIB }]);
  // 10 bytes of 'A' where the file's data is, padded, then zeros (which read as the end of the archive).
  const lying = Buffer.concat([tarHeader('results.json', 10, 0), Buffer.alloc(512, 0x41)]);
  await writeBomb(bombs.lyingHeader, [{ header: lying, zerosMiB: FOUR_GIB_IN_MIB }]);
  const files = Array.from({ length: Math.ceil(FOUR_GIB_IN_MIB / 30) }, (_, i) => ({
    header: tarHeader(`f${i}`, 30 * MiB, 0),
    zerosMiB: 30,
  }));
  await writeBomb(bombs.manyLargeFiles, files);
  const named = ['results.json', 'junit.xml', 'index.html', 'summary.md', 'encoding.json', 'product.json'];
  await writeBomb(bombs.bundleNames, [
    ...named.map((name) => ({ header: tarHeader(name, 30 * MiB, 0), zerosMiB: 30 })),
    { zerosMiB: FOUR_GIB_IN_MIB - 180 },
  ]);
}, 120_000);

/** Sets a header's checksum again after an edit. */
function resum(header: Buffer): Buffer {
  header.write('        ', 148, 'ascii');
  let sum = 0;
  for (const b of header) sum += b;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return header;
}

const root = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * `verify`'s reading of a file in a fresh process, as the command meets it: the CPU time it took (wall time
 * on a machine shared with other work is not the code's), the peak memory of the whole process, the verdict.
 */
function verifyInFreshProcess(file: string): { cpuMs: number; maxRssMb: number; problems: string[] } {
  const script = `
    const { verifyBundle } = await import(${JSON.stringify(join(root, 'src/report/bundle/verify.ts'))});
    const before = process.cpuUsage();
    const v = await verifyBundle(${JSON.stringify(file)});
    const used = process.cpuUsage(before);
    const cpuMs = (used.user + used.system) / 1000;
    // VmHWM is this process image's own peak; Linux carries ru_maxrss over exec, so maxRSS would be
    // the forking test worker's size when that is larger (384 MB in a full self-test run).
    const hwm = /VmHWM:\\s*(\\d+) kB/.exec((await import('node:fs')).readFileSync('/proc/self/status', 'utf8'))?.[1];
    if (!hwm) throw new Error('no VmHWM in /proc/self/status');
    const maxRssMb = Number(hwm) / 1024;
    process.stdout.write(JSON.stringify({ cpuMs, maxRssMb, problems: v.problems }));
  `;
  // With the young generation the command starts with (bin.mjs).
  const out = execFileSync(
    process.execPath,
    [YOUNG_GENERATION, '--import', 'tsx', '--input-type=module', '-e', script],
    {
      cwd: root,
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  return JSON.parse(out);
}

test.each(Object.entries(bombs))(
  'a 4 GiB bomb (%s) is refused with one line, in under 2 s and 200 MB',
  (_, file) => {
    const { cpuMs, maxRssMb, problems } = verifyInFreshProcess(file);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^(the archive is refused: |the archive is damaged|manifest\.json is missing)/);
    expect(cpuMs).toBeLessThan(2000);
    expect(maxRssMb).toBeLessThan(200);
  },
  60_000,
);

test('the bomb of one huge file is refused at its header, naming the file and the limit', async () => {
  await expect(readTarGz(bombs.oneHugeFile)).rejects.toThrow(
    new ArchiveRefused("results.json is 4294967296 bytes, past the 32 MiB a bundle's file may hold"),
  );
});

const small: ArchiveLimits = { archiveBytes: 64 * 1024, entries: 3, entryBytes: 1000, totalBytes: 8 * 1024 };
const file = (name: string, size: number) => ({ name, data: Buffer.alloc(size, 0x61) });

test('an archive exactly at the limits is read whole', async () => {
  // Three files of 1000 bytes: headers and padding make 3 × 1536 + 1024 = 5632 inflated bytes.
  const entries = await readTarGz(writeTarGz([file('a', 1000), file('b', 1000), file('c', 1000)], 0), small);
  expect(entries.map((e) => [e.name, e.data.length])).toEqual([
    ['a', 1000],
    ['b', 1000],
    ['c', 1000],
  ]);
});

test('one file past the count, one byte past a file limit, the inflated total or the archive size: refused, saying which', async () => {
  const read = (entries: { name: string; data: Buffer }[], limits = small) => readTarGz(writeTarGz(entries, 0), limits);
  await expect(read([file('a', 1), file('b', 1), file('c', 1), file('d', 1)])).rejects.toThrow(
    'it holds more than 3 files',
  );
  await expect(read([file('a', 1001)])).rejects.toThrow(
    "a is 1001 bytes, past the 1000 bytes a bundle's file may hold",
  );
  await expect(read([file('a', 1000), file('b', 1000)], { ...small, totalBytes: 2048 })).rejects.toThrow(
    'it inflates past',
  );
  await expect(read([file('a', 1)], { ...small, archiveBytes: 10 })).rejects.toThrow(/the archive is \d+ bytes, past/);
});

test('a size that is not octal, a path with a directory, a link: refused as damaged or not plain', async () => {
  const header = tarHeader('results.json', 10, 0);
  header.write('0000000001\u0080', 124, 'latin1');
  const bad = join(dir, 'not-octal.tar.gz');
  writeFileSync(bad, gzipSync(Buffer.concat([resum(header), Buffer.alloc(1536)])));
  await expect(readTarGz(bad)).rejects.toThrow('results.json has no readable size');
  expect(() => writeTarGz([file('a/b', 1)], 0)).toThrow('not a plain file name');
  const link = tarHeader('x', 0, 0);
  link.write('2', 156, 'ascii');
  await expect(readTarGz(gzipSync(Buffer.concat([resum(link), Buffer.alloc(1024)])))).rejects.toThrow(
    'which is not a plain file',
  );
});
