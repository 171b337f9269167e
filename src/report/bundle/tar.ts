// A gzip'd ustar archive of flat, regular files: written deterministically, read back as a stream with every header checked and every size bounded; enough for conformance bundles, nothing more.

import { createReadStream, statSync } from 'node:fs';
import { pipeline, Readable } from 'node:stream';
import { createGunzip, gzipSync } from 'node:zlib';

const BLOCK = 512;
const MiB = 1024 * 1024;

export interface TarEntry {
  name: string;
  data: Buffer;
}

/** How much of an archive is read at most: a bundle holds nine small files; anything past these is refused, not read. */
export interface ArchiveLimits {
  /** Bytes of the compressed archive. */
  archiveBytes: number;
  /** Files in it. */
  entries: number;
  /** Bytes of one file, as its header says and as it inflates. */
  entryBytes: number;
  /** Bytes inflated in all, headers and padding included. */
  totalBytes: number;
}

/**
 * A bundle of the whole API holds about 1.5 MB (results.json 0.6 MB against the reference server); a
 * target failing many requirements with large answers makes it grow, up to these bounds, which keep
 * `verify` of any archive under about 200 MB of memory. `report --bundle` refuses to write past them.
 */
export const BUNDLE_LIMITS: ArchiveLimits = {
  archiveBytes: 32 * MiB,
  entries: 16,
  entryBytes: 32 * MiB,
  totalBytes: 64 * MiB,
};

/** An archive refused for its size or shape, before it was read further. */
export class ArchiveRefused extends Error {}

const mib = (n: number) => (n >= MiB ? `${Math.round(n / MiB)} MiB` : `${n} bytes`);

function field(header: Buffer, offset: number, length: number, value: string): void {
  header.write(value, offset, length, 'ascii');
}

const octal = (n: number, width: number) => `${n.toString(8).padStart(width - 1, '0')}\0`;

function checksum(header: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : (header[i] as number);
  return sum;
}

/** A plain file name: no directory (depth 0), no parent, printable ASCII, fits the ustar name field. */
const validName = (name: string) => /^[A-Za-z0-9._-]{1,99}$/.test(name) && name !== '.' && name !== '..';

/** One ustar header block for a file of `size` bytes. */
export function tarHeader(name: string, size: number, mtime: number): Buffer {
  const header = Buffer.alloc(BLOCK);
  field(header, 0, 100, name);
  field(header, 100, 8, octal(0o644, 8));
  field(header, 108, 8, octal(0, 8));
  field(header, 116, 8, octal(0, 8));
  field(header, 124, 12, octal(size, 12));
  field(header, 136, 12, octal(Math.floor(mtime), 12));
  field(header, 156, 1, '0');
  field(header, 257, 8, 'ustar\u000000');
  field(header, 148, 8, `${checksum(header).toString(8).padStart(6, '0')}\0 `);
  return header;
}

/** The archive of the entries, in their order, every file dated `mtime` (seconds) so the same input gives the same bytes. */
export function writeTarGz(entries: readonly TarEntry[], mtime: number): Buffer {
  const blocks: Buffer[] = [];
  for (const { name, data } of entries) {
    if (!validName(name)) throw new Error(`not a plain file name for the archive: ${JSON.stringify(name)}`);
    blocks.push(tarHeader(name, data.length, mtime), data, Buffer.alloc((BLOCK - (data.length % BLOCK)) % BLOCK));
  }
  blocks.push(Buffer.alloc(BLOCK * 2));
  return gzipSync(Buffer.concat(blocks), { level: 9 });
}

const text = (b: Buffer, offset: number, length: number) => {
  const raw = b.subarray(offset, offset + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString('ascii');
};

/** An octal number field, strictly: digits 0-7 only (a base-256 size, or text, is not one). */
function octalField(b: Buffer, offset: number, length: number): number | undefined {
  const digits = text(b, offset, length).trim();
  return /^[0-7]{1,12}$/.test(digits) ? Number.parseInt(digits, 8) : undefined;
}

/** Reads ustar headers and files from inflated bytes as they come, refusing past the limits. */
class TarReader {
  readonly entries: TarEntry[] = [];
  ended = false;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private current: { name: string; data: Buffer; filled: number; padded: number } | undefined;
  private inflated = 0;

  constructor(
    private readonly limits: ArchiveLimits,
    private readonly accepts: (name: string) => boolean,
  ) {}

  push(chunk: Buffer): void {
    this.inflated += chunk.length;
    if (this.inflated > this.limits.totalBytes)
      throw new ArchiveRefused(`it inflates past ${mib(this.limits.totalBytes)} (a bundle holds far less)`);
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    while (!this.ended && this.step());
  }

  private take(n: number): Buffer {
    const all = this.pending.length === 1 ? (this.pending[0] as Buffer) : Buffer.concat(this.pending);
    this.pending = all.length > n ? [all.subarray(n)] : [];
    this.pendingBytes -= n;
    return all.subarray(0, n);
  }

  /** Consumes what it can; false when it needs more bytes. */
  private step(): boolean {
    const file = this.current;
    if (file) {
      const want = Math.min(file.data.length - file.filled, this.pendingBytes);
      if (want > 0) {
        this.take(want).copy(file.data, file.filled);
        file.filled += want;
      }
      if (file.filled < file.data.length) return false;
      if (this.pendingBytes < file.padded) return false;
      this.take(file.padded);
      this.entries.push({ name: file.name, data: file.data });
      this.current = undefined;
      return true;
    }
    if (this.pendingBytes < BLOCK) return false;
    this.header(this.take(BLOCK));
    return true;
  }

  private header(header: Buffer): void {
    if (header.every((b) => b === 0)) {
      this.ended = true;
      return;
    }
    const name = text(header, 0, 100);
    if (octalField(header, 148, 8) !== checksum(header))
      throw new Error(`the archive is damaged (bad header checksum at ${JSON.stringify(name) || 'a header'})`);
    const type = text(header, 156, 1);
    if (type !== '0' && type !== '')
      throw new Error(`the archive holds ${JSON.stringify(name)}, which is not a plain file`);
    if (!validName(name))
      throw new Error(`the archive holds a file with a name that is not plain: ${JSON.stringify(name)}`);
    if (this.entries.some((e) => e.name === name)) throw new Error(`the archive holds ${name} twice`);
    if (!this.accepts(name)) throw new ArchiveRefused(`it holds ${name}, which no bundle holds`);
    if (this.entries.length >= this.limits.entries)
      throw new ArchiveRefused(`it holds more than ${this.limits.entries} files (a bundle holds nine)`);
    const size = octalField(header, 124, 12);
    if (size === undefined) throw new Error(`the archive is damaged (${name} has no readable size)`);
    if (size > this.limits.entryBytes)
      throw new ArchiveRefused(
        `${name} is ${size} bytes, past the ${mib(this.limits.entryBytes)} a bundle's file may hold`,
      );
    this.current = { name, data: Buffer.allocUnsafeSlow(size), filled: 0, padded: (BLOCK - (size % BLOCK)) % BLOCK };
  }
}

/**
 * The files of a gzip'd archive (a file's path, or its bytes), inflated as a stream and never past the
 * limits: a header claiming too much, a file `accepts` does not take, too many files or too many inflated
 * bytes stop the reading at once. Throws ArchiveRefused for what the limits refuse, Error naming what is
 * wrong for a damaged archive.
 */
export async function readTarGz(
  source: string | Buffer,
  limits: ArchiveLimits = BUNDLE_LIMITS,
  accepts: (name: string) => boolean = () => true,
): Promise<TarEntry[]> {
  const size = typeof source === 'string' ? statSync(source).size : source.length;
  if (size > limits.archiveBytes)
    throw new ArchiveRefused(`the archive is ${size} bytes, past the ${mib(limits.archiveBytes)} a bundle may weigh`);
  const input = typeof source === 'string' ? createReadStream(source) : Readable.from([source]);
  const inflated = pipeline(input, createGunzip({ chunkSize: 256 * 1024 }), () => {});
  const reader = new TarReader(limits, accepts);
  try {
    for await (const chunk of inflated) {
      reader.push(chunk as Buffer);
      if (reader.ended) return reader.entries;
    }
  } catch (error) {
    if (error instanceof ArchiveRefused || (error instanceof Error && error.message.startsWith('the archive')))
      throw error;
    throw new Error(`the archive is damaged (${error instanceof Error ? error.message : String(error)})`);
  } finally {
    inflated.destroy();
    input.destroy();
  }
  throw new Error('the archive is damaged (no end-of-archive blocks)');
}
