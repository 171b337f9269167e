// The tool's build hash and encoding revision for a run's provenance, kept in the user's cache directory between runs: both follow from the tool's files, so while none of them changed a run reads the two values instead of hashing every file and the whole encoding again.

import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { PACKAGE_ROOT } from '../../package-root.js';
import { encodingRevision, toolBuild, toolFiles } from '../../report/provenance.js';

export interface ToolIdentity {
  build: string;
  encoding: string;
}

const HASH = /^[0-9a-f]{12}$/;
/** A kept entry is a few hundred bytes: anything larger is not ours and is not read. */
const MAX_ENTRY_BYTES = 4096;

/** What the values follow from: the files, how to compute them, whose installation, and the clock. */
export interface IdentitySources {
  files: readonly string[];
  compute: () => ToolIdentity;
  root: string;
  now: () => number;
}

const THIS_TOOL: Omit<IdentitySources, 'files'> = {
  compute: () => ({ build: toolBuild(), encoding: encodingRevision() }),
  root: PACKAGE_ROOT,
  now: Date.now,
};

/**
 * A hash over each file's path, size, inode and change and modification times (ns): a file added,
 * removed, renamed or written changes it, and a write that restores the modification time still
 * moves the change time, which no program can set back.
 */
export function filesFingerprint(files: readonly string[]): { fingerprint: string; newestChangeMs: number } {
  const hash = createHash('sha256');
  let newest = 0n;
  for (const file of files) {
    const s = statSync(file, { bigint: true });
    hash.update(`${file}\0${s.size}\0${s.ino}\0${s.mtimeNs}\0${s.ctimeNs}\n`);
    if (s.ctimeNs > newest) newest = s.ctimeNs;
  }
  return { fingerprint: hash.digest('hex'), newestChangeMs: Number(newest / 1_000_000n) };
}

/**
 * File times are coarse (a few ms): a file changed this recently could change again, bytes and
 * all, within the same tick. Such a fingerprint is not kept (git's "racily clean" index entries).
 */
export const SETTLED_MS = 2000;

/** The kept entry when it is well formed and for these files; anything else is as if absent. */
function keptFor(entry: string, fingerprint: string): ToolIdentity | undefined {
  try {
    if (statSync(entry).size > MAX_ENTRY_BYTES) return undefined;
    const kept: unknown = JSON.parse(readFileSync(entry, 'utf8'));
    if (typeof kept !== 'object' || kept === null) return undefined;
    const { fingerprint: of, build, encoding } = kept as Record<string, unknown>;
    if (of !== fingerprint || typeof build !== 'string' || typeof encoding !== 'string') return undefined;
    return HASH.test(build) && HASH.test(encoding) ? { build, encoding } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The build hash and encoding revision: from `<cacheDir>/provenance/<this installation>.json` when its
 * fingerprint is the files' own, else computed and kept there unless a file changed in the last
 * SETTLED_MS (one entry per installation, overwritten; a cache that cannot be read or written only
 * costs the computing).
 */
export function toolIdentity(cacheDir: string | undefined, given: Partial<IdentitySources> = {}): ToolIdentity {
  const { compute, root, now } = { ...THIS_TOOL, ...given };
  const files = given.files ?? toolFiles();
  if (!cacheDir) return compute();
  const dir = join(cacheDir, 'provenance');
  const entry = join(dir, `${createHash('sha256').update(root).digest('hex').slice(0, 16)}.json`);
  let read: ReturnType<typeof filesFingerprint>;
  try {
    read = filesFingerprint(files);
  } catch {
    return compute(); // a file went away between the listing and its stat: nothing to key on
  }
  const { fingerprint, newestChangeMs } = read;
  const kept = keptFor(entry, fingerprint);
  if (kept) return kept;
  const identity = compute();
  if (now() - newestChangeMs < SETTLED_MS) return identity;
  try {
    mkdirSync(dir, { recursive: true });
    const written = `${entry}.${process.pid}-${threadId}.tmp`; // runs in threads of one process write apart
    writeFileSync(written, JSON.stringify({ fingerprint, ...identity }));
    renameSync(written, entry);
  } catch {
    // Not kept: the next run computes again.
  }
  return identity;
}
