// `cloudconf keygen`: makes the Ed25519 key pair a publisher signs bundles with, the private key readable by its owner alone, and prints what readers need to trust the public one.

import { writeFileSync } from 'node:fs';
import { generateKeys } from '../report/bundle/sign.js';
import { shortFingerprint } from '../report/bundle/trusted-keys.js';

type Log = (line: string) => void;

/** Writes `<out>.key` (PKCS#8 PEM, mode 0600) and `<out>.pub` (SPKI PEM); never overwrites. Exit 0, or 2 naming what failed. */
export function keygen(out: string, options: { name?: string }, log: Log): number {
  const keys = generateKeys();
  const privateFile = `${out}.key`;
  const publicFile = `${out}.pub`;
  try {
    // 'wx': an existing key is never replaced (a lost private key cannot be made again).
    writeFileSync(privateFile, keys.privatePem, { mode: 0o600, flag: 'wx' });
    writeFileSync(publicFile, keys.publicPem, { mode: 0o644, flag: 'wx' });
  } catch (error) {
    log(
      `cloudconf keygen: ${error instanceof Error ? error.message : String(error)} (existing keys are never overwritten)`,
    );
    return 2;
  }
  log(`private key: ${privateFile} (keep it secret: as a CI secret, give it to \`report --bundle --sign env://NAME\`)`);
  log(`public key:  ${publicFile}, fingerprint ${keys.fingerprint}`);
  log(`             (${shortFingerprint(keys.fingerprint)}: how the site and \`verify\` name this key)`);
  log('for a trusted-keys file (`verify --trusted-keys`, `report --site --trusted-keys`), publish this line:');
  process.stdout.write(`${keys.line} ${options.name ?? '<your implementation name>'}\n`);
  return 0;
}
