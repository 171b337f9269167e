// Self-tests of where the target and token come from: a flag wins over the config file, the file over CLOUDCONF_TOKEN, and no error quotes the file.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { ConfigError, resolveTarget } from './config-file.js';

const TOKEN = 'file-token-never-quoted-7c1';

function file(text: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'cloudconf-config-')), 'target.json');
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
