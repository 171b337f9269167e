// Self-tests of the run hosts: a command on a warm host ends as it would in a new process (its code, its output, no secret, exit code or directory of the command before), a command that does not end is killed at its bound, and what would keep a process alive is found.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { CONFIG_FILE } from '../../target/config-file.js';
import { scratchDirectory } from '../../test-support/scratch.js';
import { closedPort } from '../child.js';
import { type HostedCommand, RunHosts } from './run-hosts.js';

const ownEnvironment = () => ({ ...process.env }) as Record<string, string>;
const withoutToken = () => {
  const { CLOUDCONF_TOKEN: _, ...rest } = ownEnvironment();
  return rest;
};

const LINGERING = fileURLToPath(new URL('./lingering.mjs', import.meta.url));
const hosts = new RunHosts();
afterAll(() => hosts.close());
const work = scratchDirectory('run-hosts');

const command = (args: string[], more: Partial<HostedCommand> = {}): HostedCommand => ({
  args,
  env: withoutToken(),
  cwd: work,
  boundMs: 60_000,
  ...more,
});

test('a command prints and exits as in a new process: the version on stdout, code 0', async () => {
  const ended = await hosts.run(command(['--version']));
  expect(ended).toMatchObject({ code: 0, signal: null, stderr: '' });
  expect(ended.stdout).toMatch(/^\d+\.\d+\.\d+/);
});

test("a usage error's exit code is not the next command's", async () => {
  const refused = await hosts.run(command(['run', '--only', 'no-such-requirement-anywhere']));
  expect(refused.code, refused.stderr).toBe(2);
  const next = await hosts.run(command(['run', '--list', '--only', 'vpcs/create']));
  expect(next.code, next.stderr).toBe(0);
});

test('a secret one command learned is not hidden in the next command, which never saw it', async () => {
  const secret = 'run-host-secret-4b7e91';
  const first = await hosts.run(command(['run', '--header', `X-Key:${secret}`, '--only', secret]));
  expect(first.stderr).toContain('--only [redacted] matches no requirement');
  const second = await hosts.run(command(['run', '--only', secret]));
  expect(second.stderr).toContain(`--only ${secret} matches no requirement`);
});

test("a command reads its own directory's configuration file, and the next command does not", async () => {
  const dir = mkdtempSync(join(work, 'config-'));
  writeFileSync(
    join(dir, CONFIG_FILE),
    JSON.stringify({ base_url: 'https://staging.example.test/v4', token: 'config-token-1' }),
  );
  const list = ['run', '--list', '--only', 'vpcs/create'];
  const there = await hosts.run(command(list, { cwd: dir }));
  expect(there.stdout, there.stderr).toMatch(/selected in mode safe/);
  const here = await hosts.run(command(list));
  expect(here.stdout, here.stderr).toMatch(/selected in mode full/);
});

test('a command reads its own environment, and the next command does not', async () => {
  const run = ['run', '--base-url', `http://127.0.0.1:${await closedPort()}/v4`, '--only', 'vpcs/create'];
  const reportDir = ['--report-dir', join(work, 'unreached')];
  const withToken = await hosts.run(
    command([...run, ...reportDir], { env: { ...ownEnvironment(), CLOUDCONF_TOKEN: 'env-token-1234' } }),
  );
  expect(withToken.stderr).toMatch(/cannot reach/);
  const without = await hosts.run(command([...run, ...reportDir], { env: withoutToken() }));
  expect(without.stderr).toMatch(/a token is needed/);
});

test('a command that does not end is killed at its bound, as a process would be, and the next gets a new host', async () => {
  const ended = await hosts.run(
    command(['serve', '--port', '0', '--quiet', '--token', 'bound-token-1'], { boundMs: 2_000 }),
  );
  expect(ended).toMatchObject({ code: null, signal: 'SIGKILL' });
  expect(ended.ms).toBeLessThan(9_000);
  const next = await hosts.run(command(['--version']));
  expect(next.code, next.stderr).toBe(0);
});

/** What lingeringSince finds in a new Node process (a test worker is never idle) after `script` ran. */
function lingeringIn(script: string, settleMs: number): string[] {
  const program = `import { activeResources, lingeringSince } from ${JSON.stringify(LINGERING)};
    import { createServer } from 'node:net';
    const base = activeResources();
    ${script}
    console.log(JSON.stringify(await lingeringSince(base, ${settleMs})));
    process.exit(0);`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', program], { encoding: 'utf8' }));
}

describe('what would keep a process alive after its command returned', () => {
  test('a listening server and a pending timer are found', () => {
    const found = lingeringIn("createServer().listen(0, '127.0.0.1'); setTimeout(() => {}, 60_000);", 200);
    expect(found.sort()).toEqual(['TCPServerWrap', 'Timeout']);
  });

  test('nothing is found once they closed within the settling time', () => {
    const script = "const s = createServer().listen(0, '127.0.0.1', () => s.close()); setTimeout(() => {}, 100);";
    expect(lingeringIn(script, 2_000)).toEqual([]);
  });
});
