// What the proxy keeps of a body it streams through: the whole body up to a bound, to judge and record it; past the bound, its first bytes and its length only, so a body of any size costs the proxy the bound at most.

import { isUtf8 } from 'node:buffer';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

/** The first bytes kept of a body past the bound, for the record (as reports keep the first 8,192 characters). */
const SHOWN_BYTES = 8192;

export class BodyCapture {
  private chunks: Buffer[] = [];
  /** Bytes seen, kept or not. */
  total = 0;
  private head: Buffer | undefined;

  constructor(private readonly maxBytes: number) {}

  add(chunk: Buffer): void {
    this.total += chunk.length;
    if (this.head) return;
    if (this.total <= this.maxBytes) {
      this.chunks.push(chunk);
      return;
    }
    // Past the bound: what was kept goes, but for its first bytes.
    this.head = Buffer.concat([...this.chunks, chunk]).subarray(0, SHOWN_BYTES);
    this.chunks = [];
  }

  /** Whether the body went past the bound: it is then not judged. */
  get cut(): boolean {
    return this.head !== undefined;
  }

  /** The whole body, when it was not cut. */
  bytes(): Buffer {
    return Buffer.concat(this.chunks);
  }

  /** What the record shows of a cut body: its first bytes as text, and its length. */
  shown(): string {
    const head = this.head ?? Buffer.alloc(0);
    const text = isUtf8(head) ? head.toString('utf8') : `[${head.length} bytes of binary]`;
    return `${text}[... cut: ${this.total} bytes in all, more than the ${this.maxBytes} the proxy records]`;
  }
}

/**
 * The body as a client reads it, content encodings undone for the record (the bytes are forwarded as
 * they came), inflated to at most `maxBytes`: a small compressed body that inflates to gigabytes
 * (a bomb) is not inflated. An unknown or broken encoding leaves the bytes as they came.
 */
export function decoded(
  bytes: Buffer,
  encoding: string | undefined,
  maxBytes: number,
): { bytes: Buffer } | { tooLarge: true } {
  const options = { maxOutputLength: maxBytes };
  try {
    if (encoding === 'gzip' || encoding === 'x-gzip') return { bytes: gunzipSync(bytes, options) };
    if (encoding === 'deflate') return { bytes: inflateSync(bytes, options) };
    if (encoding === 'br') return { bytes: brotliDecompressSync(bytes, options) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') return { tooLarge: true };
    // Broken encoding: recorded as it came.
  }
  return { bytes };
}
