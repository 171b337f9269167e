// The keys a reader trusts to sign bundles: `--key PUB` files and a trusted-keys file (one `<public key> <implementation name>` line per key), held by fingerprint.

import { readFileSync } from 'node:fs';
import { fingerprintOf, parsePublicKey } from './sign.js';

export interface TrustedKey {
  fingerprint: string;
  /** The implementation the key signs for, when the trusted-keys file names it. */
  name?: string;
  /** Where the key was given (file and line), for messages. */
  where: string;
}

/** Trusted keys by fingerprint. */
export type KeyRing = Map<string, TrustedKey>;

/** A trusted-keys file holds at most this many keys; a longer one is refused, not read. */
const MAX_KEYS = 10_000;
const MAX_FILE_BYTES = 4 * 1024 * 1024;

/** Names that a reader would take for one another ("Acme Cloud", "ACME-cloud"): what a trusted name is compared by. */
export const nameKey = (name: string): string =>
  name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');

function add(ring: KeyRing, key: TrustedKey): void {
  const known = ring.get(key.fingerprint);
  if (known) throw new Error(`${key.where}: the same key as ${known.where}`);
  if (key.name) {
    const same = [...ring.values()].find((k) => k.name && nameKey(k.name) === nameKey(key.name as string));
    if (same) throw new Error(`${key.where}: the name ${JSON.stringify(key.name)} is already ${same.where}'s`);
  }
  ring.set(key.fingerprint, key);
}

/**
 * Parses a trusted-keys file: per line, a public key as one base64 line (what `cloudconf keygen` prints)
 * and the name of the implementation it signs for; blank lines and `#` comments are ignored.
 */
export function parseTrustedKeys(text: string, file: string, ring: KeyRing = new Map()): KeyRing {
  const lines = text.split(/\r?\n/);
  for (const [i, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    if (ring.size >= MAX_KEYS) throw new Error(`${file}: more than ${MAX_KEYS} keys`);
    const where = `${file} line ${i + 1}`;
    const match = /^(\S+)\s+(\S.*)$/.exec(line);
    if (!match) throw new Error(`${where}: expected \`<public key> <implementation name>\``);
    const key = parsePublicKey(match[1] as string, where);
    add(ring, { fingerprint: fingerprintOf(key), name: (match[2] as string).trim(), where });
  }
  return ring;
}

function readSmall(file: string): string {
  let data: Buffer;
  try {
    data = readFileSync(file);
  } catch (error) {
    throw new Error(`cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  if (data.length > MAX_FILE_BYTES) throw new Error(`${file} is larger than a key file can be`);
  return data.toString('utf8');
}

/** The keys of `--key FILE` (repeatable; a PEM or the base64 line) and `--trusted-keys FILE`; undefined when neither is given. */
export function readKeyRing(options: { key?: string | string[]; trustedKeys?: string }): KeyRing | undefined {
  const keys = options.key === undefined ? [] : Array.isArray(options.key) ? options.key : [options.key];
  if (keys.length === 0 && !options.trustedKeys) return undefined;
  const ring: KeyRing = new Map();
  for (const file of keys)
    add(ring, { fingerprint: fingerprintOf(parsePublicKey(readSmall(file), file)), where: file });
  if (options.trustedKeys) parseTrustedKeys(readSmall(options.trustedKeys), options.trustedKeys, ring);
  return ring;
}

/** A fingerprint as people compare it: the first 32 hex digits, in groups of four. */
export const shortFingerprint = (fingerprint: string): string =>
  (fingerprint.slice(0, 32).match(/.{4}/g) ?? []).join(' ');
