// A gzip'd ustar archive of flat, regular files: written deterministically, read back with every header checked; enough for conformance bundles, nothing more.

import { gunzipSync, gzipSync } from 'node:zlib';

const BLOCK = 512;

export interface TarEntry {
  name: string;
  data: Buffer;
}

function field(header: Buffer, offset: number, length: number, value: string): void {
  header.write(value, offset, length, 'ascii');
}

const octal = (n: number, width: number) => `${n.toString(8).padStart(width - 1, '0')}\0`;

function checksum(header: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : (header[i] as number);
  return sum;
}

/** A plain file name: no directory, no parent, printable ASCII, fits the ustar name field. */
const validName = (name: string) => /^[A-Za-z0-9._-]{1,99}$/.test(name) && name !== '.' && name !== '..';

/** The archive of the entries, in their order, every file dated `mtime` (seconds) so the same input gives the same bytes. */
export function writeTarGz(entries: readonly TarEntry[], mtime: number): Buffer {
  const blocks: Buffer[] = [];
  for (const { name, data } of entries) {
    if (!validName(name)) throw new Error(`not a plain file name for the archive: ${JSON.stringify(name)}`);
    const header = Buffer.alloc(BLOCK);
    field(header, 0, 100, name);
    field(header, 100, 8, octal(0o644, 8));
    field(header, 108, 8, octal(0, 8));
    field(header, 116, 8, octal(0, 8));
    field(header, 124, 12, octal(data.length, 12));
    field(header, 136, 12, octal(Math.floor(mtime), 12));
    field(header, 156, 1, '0');
    field(header, 257, 8, 'ustar\u000000');
    field(header, 148, 8, `${checksum(header).toString(8).padStart(6, '0')}\0 `);
    blocks.push(header, data, Buffer.alloc((BLOCK - (data.length % BLOCK)) % BLOCK));
  }
  blocks.push(Buffer.alloc(BLOCK * 2));
  return gzipSync(Buffer.concat(blocks), { level: 9 });
}

const text = (b: Buffer, offset: number, length: number) => {
  const raw = b.subarray(offset, offset + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString('ascii');
};

/** The files of an archive; throws naming what is wrong when it is damaged or holds anything but plain files. */
export function readTarGz(archive: Buffer): TarEntry[] {
  let tar: Buffer;
  try {
    tar = gunzipSync(archive);
  } catch (error) {
    throw new Error(`the archive is damaged (${error instanceof Error ? error.message : String(error)})`);
  }
  const entries: TarEntry[] = [];
  let at = 0;
  while (at + BLOCK <= tar.length) {
    const header = tar.subarray(at, at + BLOCK);
    if (header.every((b) => b === 0)) return entries;
    const name = text(header, 0, 100);
    const stored = Number.parseInt(text(header, 148, 8).trim(), 8);
    if (stored !== checksum(header)) throw new Error(`the archive is damaged (bad header checksum at ${name || at})`);
    const type = text(header, 156, 1);
    if (type !== '0' && type !== '') throw new Error(`the archive holds ${name}, which is not a plain file`);
    if (!validName(name))
      throw new Error(`the archive holds a file with a name that is not plain: ${JSON.stringify(name)}`);
    if (entries.some((e) => e.name === name)) throw new Error(`the archive holds ${name} twice`);
    const size = Number.parseInt(text(header, 124, 12).trim(), 8);
    if (!Number.isSafeInteger(size) || at + BLOCK + size > tar.length)
      throw new Error(`the archive is damaged (${name} is cut short)`);
    entries.push({ name, data: Buffer.from(tar.subarray(at + BLOCK, at + BLOCK + size)) });
    at += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
  throw new Error('the archive is damaged (no end-of-archive blocks)');
}
