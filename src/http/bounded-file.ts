// Reads a file given to a command (a configuration, a journal, a results.json, a list of known failures, a recording) bounded in bytes: a larger one, or a device that never ends, is refused with one line instead of filling the memory.

import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

/** Thrown for a file past its bound; the message names the file and the bound, never its content. */
export class FileTooLarge extends Error {}

const MiB = 1024 * 1024;

/** The bounds of the files cloudconf reads, by what they are. */
export const FILE_BOUNDS = {
  /** A configuration file: a target, a token and run options. */
  config: MiB,
  /** A list of known failures, one requirement a line. */
  knownFailures: 16 * MiB,
  /** A run's journal (`created.jsonl`): a line per entity made and deleted. */
  journal: 256 * MiB,
  /** A results.json (render, compare, merge, baseline): every failure's exchanges, bodies cut at 8 KB. */
  results: 256 * MiB,
  /** A recording to audit (HAR or JSON lines), or the fixtures of `serve`. */
  recording: 512 * MiB,
} as const;

const size = (bytes: number) => (bytes % MiB === 0 ? `${bytes / MiB} MiB` : `${bytes} bytes`);

/** Reads the file as bytes, throwing FileTooLarge past `maxBytes` (before reading a regular file that is larger, or at the first chunk past it). */
export function readBounded(path: string, maxBytes: number, what = 'the file'): Buffer {
  const fd = openSync(path, 'r');
  try {
    const tooLarge = () => new FileTooLarge(`${what} ${path} is larger than ${size(maxBytes)}: not read`);
    const stat = fstatSync(fd);
    if (stat.isFile() && stat.size > maxBytes) throw tooLarge();
    // Not trusted further: a file still growing, or a device (/dev/zero) whose size says nothing.
    const chunks: Buffer[] = [];
    let total = 0;
    const chunk = Buffer.allocUnsafe(Math.min(MiB, maxBytes + 1));
    for (;;) {
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      total += n;
      if (total > maxBytes) throw tooLarge();
      chunks.push(Buffer.from(chunk.subarray(0, n)));
    }
    return Buffer.concat(chunks, total);
  } finally {
    closeSync(fd);
  }
}

/** The file as UTF-8 text, bounded as readBounded. */
export const readBoundedText = (path: string, maxBytes: number, what?: string): string =>
  readBounded(path, maxBytes, what).toString('utf8');
