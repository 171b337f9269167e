// Ed25519 signatures of a bundle's manifest (node:crypto): key pairs, key fingerprints, the signature file a bundle carries, and its check.

import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  sign,
  verify,
} from 'node:crypto';
import { readFileSync } from 'node:fs';

/** The file of a signed bundle that holds the signature (outside the manifest, which it signs). */
export const SIGNATURE = 'signature.json';
export const SIGNATURE_FORMAT = 1;
/** What is signed: this context, then the manifest's bytes, so a signature of a bundle is never one of anything else. */
const CONTEXT = Buffer.from('cloudconf bundle manifest, signature format 1\n');
/** `--sign env://NAME` reads the private key from an environment variable (a CI secret) instead of a file. */
export const ENV_KEY_PREFIX = 'env://';

export interface SignatureFile {
  format: number;
  algorithm: 'ed25519';
  /** The signer's public key: base64 of its DER SubjectPublicKeyInfo (the body of its PEM). */
  publicKey: string;
  /** base64 of the Ed25519 signature over the context and the manifest. */
  signature: string;
}

/** The DER SubjectPublicKeyInfo of a public key. */
const spki = (key: KeyObject): Buffer => key.export({ type: 'spki', format: 'der' });

/** A key's fingerprint (of a key pair's public half): the SHA-256 of its DER public key, in hex. What identifies an implementation on the site. */
export const fingerprintOf = (key: KeyObject): string =>
  createHash('sha256')
    .update(spki(key.type === 'private' ? createPublicKey(key) : key))
    .digest('hex');

/** The public key as one line of base64 (its PEM's body), the form a trusted-keys file lists. */
export const keyLine = (key: KeyObject): string => spki(key).toString('base64');

export interface KeyPair {
  privatePem: string;
  publicPem: string;
  fingerprint: string;
  line: string;
}

/** A new Ed25519 key pair: the private key as PKCS#8 PEM, the public one as SPKI PEM. */
export function generateKeys(): KeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }) as string,
    fingerprint: fingerprintOf(publicKey),
    line: keyLine(publicKey),
  };
}

/** The signing key that `--sign` names: a PEM file, or `env://NAME`; throws a line that never holds the key. */
export function readPrivateKey(
  ref: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
): KeyObject {
  let pem: string;
  let where: string;
  if (ref.startsWith(ENV_KEY_PREFIX)) {
    const name = ref.slice(ENV_KEY_PREFIX.length);
    where = `the environment variable ${name}`;
    pem = env[name] ?? '';
    if (!pem.trim()) throw new Error(`${where} is empty or not set: it should hold the PEM of \`cloudconf keygen\``);
  } else {
    where = ref;
    try {
      pem = readFileSync(ref, 'utf8');
    } catch (error) {
      throw new Error(`cannot read the signing key ${ref} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    }
  }
  let key: KeyObject;
  try {
    key = createPrivateKey(pem);
  } catch {
    throw new Error(`${where} holds no private key in PEM (\`cloudconf keygen\` makes one)`);
  }
  if (key.asymmetricKeyType !== 'ed25519')
    throw new Error(
      `${where} holds a ${key.asymmetricKeyType} key; bundles are signed with Ed25519 (\`cloudconf keygen\`)`,
    );
  return key;
}

/** A public key from its PEM or from one base64 line (its DER); throws naming `where` when it is neither, or not Ed25519. */
export function parsePublicKey(text: string, where: string): KeyObject {
  const trimmed = text.trim();
  // createPublicKey would derive the public half of a private key: a private key is never where a public one goes.
  if (/PRIVATE KEY-----/.test(trimmed)) throw new Error(`${where} holds a private key: give the public one (.pub)`);
  let key: KeyObject;
  try {
    key = trimmed.startsWith('-----')
      ? createPublicKey(trimmed)
      : createPublicKey({ key: Buffer.from(trimmed, 'base64'), format: 'der', type: 'spki' });
  } catch {
    throw new Error(`${where} holds no public key (a PEM file, or the base64 line \`cloudconf keygen\` prints)`);
  }
  if (key.asymmetricKeyType !== 'ed25519')
    throw new Error(`${where} holds a ${key.asymmetricKeyType} key, not Ed25519`);
  return key;
}

/** The signature file of a manifest. */
export function signManifest(manifest: Buffer, key: KeyObject): Buffer {
  const signature: SignatureFile = {
    format: SIGNATURE_FORMAT,
    algorithm: 'ed25519',
    publicKey: keyLine(createPublicKey(key)),
    signature: sign(null, Buffer.concat([CONTEXT, manifest]), key).toString('base64'),
  };
  return Buffer.from(`${JSON.stringify(signature, null, 2)}\n`);
}

/** The fingerprint of the key that signed the manifest, or the reason the signature file does not show one. */
export function checkSignature(manifest: Buffer, file: Buffer): { fingerprint: string } | { problem: string } {
  let parsed: Partial<SignatureFile>;
  try {
    parsed = JSON.parse(file.toString('utf8')) as Partial<SignatureFile>;
  } catch {
    return { problem: `${SIGNATURE} is not JSON` };
  }
  if (parsed.format !== SIGNATURE_FORMAT || parsed.algorithm !== 'ed25519')
    return { problem: `${SIGNATURE}: format ${parsed.format} / ${parsed.algorithm} is not format 1 / ed25519` };
  if (typeof parsed.publicKey !== 'string' || typeof parsed.signature !== 'string')
    return { problem: `${SIGNATURE} lacks the public key or the signature` };
  let key: KeyObject;
  try {
    key = parsePublicKey(parsed.publicKey, SIGNATURE);
  } catch (error) {
    return { problem: (error as Error).message };
  }
  const signature = Buffer.from(parsed.signature, 'base64');
  if (signature.length !== 64 || !verify(null, Buffer.concat([CONTEXT, manifest]), key, signature))
    return {
      problem: `the signature in ${SIGNATURE} does not match the manifest: the bundle changed after it was signed`,
    };
  return { fingerprint: fingerprintOf(key) };
}
