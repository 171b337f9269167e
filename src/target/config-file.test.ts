// Self-tests of where the target and token come from: a flag wins over the config file, the file over CLOUDCONF_TOKEN, and no error quotes the file.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { scratchDirectory } from '../test-support/scratch.js';
import { CONFIG_FILE, ConfigError, configFileOf, resolveTarget, runOptionsFromFile } from './config-file.js';

const work = scratchDirectory('config-file');

const TOKEN = 'file-token-never-quoted-7c1';

function file(text: string): string {
  const path = join(mkdtempSync(join(work, 'config-')), 'target.json');
  writeFileSync(path, text);
  return path;
}

test('a flag wins over the file, the file over the environment', () => {
  const config = file(JSON.stringify({ base_url: 'https://api.example.test/v4', token: TOKEN }));
  const env = { CLOUDCONF_TOKEN: 'env-token' };
  expect(resolveTarget({ config }, env)).toEqual({ baseUrl: 'https://api.example.test/v4', token: TOKEN });
  expect(resolveTarget({ config, token: 'flag-token' }, env).token).toBe('flag-token');
  expect(resolveTarget({ baseUrl: 'http://127.0.0.1:1/v4' }, env).token).toBe('env-token');
});

test('extra credentials are read from the file', () => {
  const other = { token: 'other-token-123', username: 'other' };
  const config = file(
    JSON.stringify({ base_url: 'https://x.test/v4', token: TOKEN, credentials: { other_account: other } }),
  );
  expect(resolveTarget({ config }, {}).credentials).toEqual({ otherAccount: other });
});

test('errors name the problem, never a value of the file', () => {
  const broken = file(`{"base_url": "https://x.test/v4", "token": ${TOKEN}}`);
  const typo = file(JSON.stringify({ baseurl: 'x', token: TOKEN }));
  for (const config of [broken, typo]) {
    let message = '';
    try {
      resolveTarget({ config }, {});
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    expect(message).not.toBe('');
    expect(message).not.toContain(TOKEN);
  }
});

test('run options come from the file, and a flag the command line gave wins', () => {
  const config = file(
    JSON.stringify({ seed: 7, runs: 3, only: ['vpcs', 'tags'], mode: 'safe', headers: { 'x-key': 'k' } }),
  );
  expect(runOptionsFromFile(config, () => false)).toEqual({
    seed: '7',
    runs: '3',
    only: ['vpcs', 'tags'],
    mode: 'safe',
    header: { 'x-key': 'k' },
  });
  expect(runOptionsFromFile(config, (option) => option === 'seed')).not.toHaveProperty('seed');
});

test('the file is checked against its JSON Schema; errors name the member, never the value', () => {
  const bad = [
    { seed: 'xyz-not-a-seed' },
    { runs: 0 },
    { mode: 'yolo-mode-value' },
    { part: 4 },
    { base_url: 'ftp://files.example.test/v4' },
    { headers: { 'bad name': 'v' } },
  ];
  for (const content of bad) {
    const config = file(JSON.stringify({ token: TOKEN, ...content }));
    expect(() => runOptionsFromFile(config, () => false)).toThrow(ConfigError);
    try {
      runOptionsFromFile(config, () => false);
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toMatch(new RegExp(`/${Object.keys(content)[0]}`));
      expect(message).not.toContain(TOKEN);
      expect(message).not.toMatch(/xyz-not-a-seed|yolo-mode-value|files\.example/);
    }
  }
});

test('a base URL with user-info or another scheme is refused, without quoting it', () => {
  for (const base_url of ['http://alice:PASSWORD-9@api.example.test/v4', 'javascript:alert(1)', 'file:///etc/passwd']) {
    const config = file(JSON.stringify({ base_url, token: TOKEN }));
    expect(() => resolveTarget({ config }, {})).toThrow(ConfigError);
    expect(() => resolveTarget({ baseUrl: base_url, token: TOKEN }, {})).toThrow(/base URL/);
    try {
      resolveTarget({ config }, {});
    } catch (error) {
      expect((error as Error).message).not.toContain('PASSWORD');
    }
  }
});

test(`./${CONFIG_FILE} is found in the working directory when no --config is given`, () => {
  const dir = mkdtempSync(join(work, 'cwd-'));
  expect(configFileOf(undefined, dir)).toBeUndefined();
  writeFileSync(join(dir, CONFIG_FILE), '{}');
  expect(configFileOf(undefined, dir)).toBe(`${dir}/${CONFIG_FILE}`);
  expect(configFileOf('given.json', dir)).toBe('given.json');
});
