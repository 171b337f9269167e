// Unit tests of bundle signatures and trusted keys: a signature holds for its manifest and key alone, a signing key is read from a file or the environment and never echoed, and a trusted-keys file binds one name to one key.

import { generateKeyPairSync } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { scratchDirectory } from '../../test-support/scratch.js';
import { checkSignature, fingerprintOf, generateKeys, parsePublicKey, readPrivateKey, signManifest } from './sign.js';
import { nameKey, parseTrustedKeys, readKeyRing } from './trusted-keys.js';

const dir = scratchDirectory('sign');
const manifest = Buffer.from('{"format":1,"files":{"results.json":"00"}}\n');

function keyFile(name: string, pem: string): string {
  const file = join(dir, name);
  writeFileSync(file, pem);
  return file;
}

test('a signature of a manifest holds for that manifest and names the key that made it', () => {
  const keys = generateKeys();
  const signature = signManifest(manifest, readPrivateKey(keyFile('a.key', keys.privatePem)));
  expect(checkSignature(manifest, signature)).toEqual({ fingerprint: keys.fingerprint });
  expect(fingerprintOf(parsePublicKey(keys.publicPem, 'a.pub'))).toBe(keys.fingerprint);
  expect(fingerprintOf(parsePublicKey(keys.line, 'the line'))).toBe(keys.fingerprint);
});

test('a manifest changed by one byte after signing, or a signature swapped for another key, is refused', () => {
  const a = generateKeys();
  const b = generateKeys();
  const signature = signManifest(manifest, readPrivateKey(keyFile('b.key', a.privatePem)));
  const changed = Buffer.from(manifest);
  changed[20] = (changed[20] as number) ^ 1;
  expect(checkSignature(changed, signature)).toEqual({
    problem: expect.stringContaining('does not match the manifest'),
  });
  // The signature of key A, presented with key B's public key: it does not verify under B.
  const swapped = JSON.parse(signature.toString()) as Record<string, string>;
  swapped.publicKey = b.line;
  expect(checkSignature(manifest, Buffer.from(JSON.stringify(swapped)))).toEqual({
    problem: expect.stringContaining('does not match the manifest'),
  });
  expect(checkSignature(manifest, Buffer.from('not json'))).toEqual({ problem: 'signature.json is not JSON' });
  expect(checkSignature(manifest, Buffer.from('{"format":1,"algorithm":"rsa"}'))).toEqual({
    problem: expect.stringContaining('is not format 1 / ed25519'),
  });
});

test('the signing key comes from a file or from env://NAME; an empty variable, an RSA key or garbage is one line without the key', () => {
  const keys = generateKeys();
  expect(fingerprintOf(readPrivateKey('env://MY_KEY', { MY_KEY: keys.privatePem }))).toBe(keys.fingerprint);
  expect(() => readPrivateKey('env://MY_KEY', {})).toThrow(/MY_KEY is empty or not set/);
  const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' });
  expect(() => readPrivateKey(keyFile('rsa.key', rsa as string))).toThrow(
    /holds a rsa key; bundles are signed with Ed25519/,
  );
  const garbage = 'SECRET-LOOKING-GARBAGE-1234';
  let message = '';
  try {
    readPrivateKey('env://K', { K: garbage });
  } catch (error) {
    message = (error as Error).message;
  }
  expect(message).toContain('holds no private key in PEM');
  expect(message).not.toContain(garbage);
  expect(() => readPrivateKey(join(dir, 'missing.key'))).toThrow(/cannot read the signing key .*ENOENT/);
  expect(() => parsePublicKey(keys.privatePem, 'x')).toThrow('x holds a private key: give the public one (.pub)');
});

test('a trusted-keys file: one key per name, comments and blank lines ignored, a bad line named', () => {
  const a = generateKeys();
  const b = generateKeys();
  const ring = parseTrustedKeys(`# vendors\n\n${a.line} Acme Cloud\n${b.line}   Other Cloud  \n`, 'trusted.txt');
  expect([...ring.values()].map((k) => [k.fingerprint, k.name, k.where])).toEqual([
    [a.fingerprint, 'Acme Cloud', 'trusted.txt line 3'],
    [b.fingerprint, 'Other Cloud', 'trusted.txt line 4'],
  ]);
  expect(() => parseTrustedKeys(`${a.line} Acme Cloud\n${a.line} Acme Two`, 't')).toThrow(
    't line 2: the same key as t line 1',
  );
  expect(() => parseTrustedKeys(`${a.line} Acme Cloud\n${b.line} ACME-cloud`, 't')).toThrow(
    `t line 2: the name "ACME-cloud" is already t line 1's`,
  );
  expect(() => parseTrustedKeys(`${a.line}`, 't')).toThrow('t line 1: expected `<public key> <implementation name>`');
  expect(() => parseTrustedKeys(`bm90IGEga2V5 Acme`, 't')).toThrow('t line 1 holds no public key');
});

test('--key files and a trusted-keys file make one ring; neither given is no ring', () => {
  const a = generateKeys();
  const b = generateKeys();
  const ring = readKeyRing({
    key: [keyFile('a.pub', a.publicPem)],
    trustedKeys: keyFile('trusted.txt', `${b.line} Other Cloud\n`),
  });
  expect(ring && [...ring.keys()]).toEqual([a.fingerprint, b.fingerprint]);
  expect(readKeyRing({})).toBeUndefined();
});

test('names a reader would take for one another compare equal; different names do not', () => {
  expect(nameKey('Acme Cloud')).toBe(nameKey('ACME-cloud'));
  expect(nameKey('Ａｃｍｅ Cloud')).toBe(nameKey('acme_cloud'));
  expect(nameKey('Acme Cloud')).not.toBe(nameKey('Acme Clouds'));
});
