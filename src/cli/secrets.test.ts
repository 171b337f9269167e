// Self-test that no secret leaves a run: the token (from the environment, a config file or a flag), credential passwords and OAuth client secrets appear in no report file and nowhere in what the run prints.

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { couldBeSecret } from '../http/redact.js';
import { filesUnder } from '../test-support/files.js';
import { scratchDirectory } from '../test-support/scratch.js';
import { runCli, startServe } from './child.js';

const work = scratchDirectory('secrets');

const TOKEN = `secret-token-${Math.random().toString(36).slice(2)}-do-not-print`;

/**
 * A secret member with a readable value that could be a real secret (see couldBeSecret: the suite
 * also sends weak passwords a server must refuse, such as `password`, which hide nothing).
 */
const PLAIN_SECRET = /\\?"(password|root_pass|secret|client_secret)\\?"\s*:\s*\\?"(?!\[redacted\])([^"\\]{12,})/g;
const REDACTED_SECRET = /\\?"(password|root_pass|secret|client_secret)\\?"\s*:\s*\\?"\[redacted\]/;

/**
 * A passing requirement's report shows only its first exchange, so the clean server alone may put
 * no secret into the reports, depending on the seed. A server that answers client secrets and
 * credential passwords where it should not fails requirements, whose reports show every exchange,
 * secrets included: there they must be hidden.
 */
const LEAKY_FAULTS = ['oauth-secret-exposed', 'managed-credential-password-returned'];

type Served = Awaited<ReturnType<typeof startServe>>;
let clean: Served;
let leaky: Served;
beforeAll(async () => {
  [clean, leaky] = await Promise.all([
    startServe(TOKEN),
    startServe(
      TOKEN,
      LEAKY_FAULTS.flatMap((f) => ['--fault', f]),
    ),
  ]);
}, 60_000);
afterAll(async () => {
  await Promise.all([clean?.stop(), leaky?.stop()]);
});

/** Runs a selection with the token given one way; answers every text the run left: its files and its output. */
async function texts(only: string, how: 'env' | 'config' | 'flag', server: Served): Promise<Map<string, string>> {
  const dir = mkdtempSync(join(work, 'secrets-'));
  const configFile = join(mkdtempSync(join(work, 'config-')), 'target.json');
  writeFileSync(configFile, JSON.stringify({ base_url: server.baseUrl, token: TOKEN }));
  const target =
    how === 'config'
      ? ['--config', configFile]
      : ['--base-url', server.baseUrl, ...(how === 'flag' ? ['--token', TOKEN] : [])];
  const r = await runCli(['run', '--seed', '1', ...target, '--only', only, '--report-dir', dir], {
    env: how === 'env' ? { CLOUDCONF_TOKEN: TOKEN } : { CLOUDCONF_TOKEN: '' },
  });
  // The leaky target breaks MUST and SHOULD requirements: a run may end 1, or 0 with non-strict ones.
  expect(server === leaky ? [0, 1] : [0], r.stderr).toContain(r.code);
  const all = new Map(filesUnder(dir).map((f) => [f, readFileSync(f, 'utf8')]));
  all.set('stdout', r.stdout);
  all.set('stderr', r.stderr);
  return all;
}

describe.concurrent('secrets stay out of everything a run writes and prints', () => {
  const runs = [
    { only: 'oauth-clients', how: 'env' as const, leaks: true },
    // managed/credential-password-never-returned fails on the leaky target, with its passwords.
    { only: 'managed', how: 'config' as const, leaks: true },
    { only: 'users/create', how: 'flag' as const, leaks: false },
  ];
  for (const { only, how, leaks: leakyTarget } of runs) {
    const target = leakyTarget ? ', a target that answers secrets' : '';
    test(`token from ${how}, --only ${only}${target}`, { timeout: 180_000 }, async () => {
      const all = await texts(only, how, leakyTarget ? leaky : clean);
      expect(all.size).toBeGreaterThan(5);
      const leaks = [...all].filter(([, text]) => text.includes(TOKEN)).map(([file]) => file);
      expect(leaks).toEqual([]);
      const plain = [...all].flatMap(([file, text]) =>
        [...text.matchAll(PLAIN_SECRET)].filter((m) => couldBeSecret(m[2] ?? '')).map((m) => `${file}: ${m[0]}`),
      );
      expect(plain).toEqual([]);
      if (leakyTarget) {
        // The failing requirements' reports show secrets sent and received: there to leak, and hidden.
        expect([...all.values()].some((text) => REDACTED_SECRET.test(text))).toBe(true);
      }
    });
  }
});
