// Self-tests of values from a target or a file that would become part of a URL: ids no path can hold (`""`, `.`, `..`, a word or a fraction for an integer) never go into a path, whether a cleanup lists them, a journal names them, or a create answer gives them in safe mode; a journal is used only against its own base URL, and what it names is deleted only when read back with the prefix.

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Results } from '../report/results.js';
import { startListingTarget } from '../selftest/listing-target.js';
import { startRewritingTarget } from '../selftest/rewriting-target.js';
import { scratchDirectory } from '../test-support/scratch.js';
import { runCli } from './child.js';

const work = scratchDirectory('hostile-paths');

const TOKEN = 'paths-test-token-5e1d7c';
const PREFIX = 'ccpath1';
const BOUND_MS = 60_000;

/** Writes and deletes a request made that do not name one entity by a usable id: the collection, its parent, or a word for an integer. */
const offTarget = (seen: string[]) =>
  seen.filter((s) => {
    const [method, path = ''] = s.split(' ');
    if (method === 'GET') return false;
    const last = path.split('/').at(-1) ?? '';
    return last === '' || path === '/v4' || /^\/v4\/(account|node|managed)$/.test(path);
  });

describe('cleanup --prefix, with list items whose ids no path can hold', () => {
  test('"", "." and ".." (and 1.5 and "7abc" for integer ids) are never deleted: no DELETE on a collection or a parent', {
    timeout: BOUND_MS + 10_000,
  }, async () => {
    const hostile = (label: string) => [
      { id: '', label: `${PREFIX}-empty-${label}` },
      { id: '.', label: `${PREFIX}-dot-${label}` },
      { id: '..', label: `${PREFIX}-dots-${label}` },
      // Members of the class the issue does not name: a fraction and a word where the documents type the id integer.
      { id: 1.5, label: `${PREFIX}-fraction-${label}` },
      { id: '7abc', label: `${PREFIX}-word-${label}` },
    ];
    const target = await startListingTarget({
      lists: {
        '/vpcs': [...hostile('vpc'), { id: 7, label: `${PREFIX}-ours` }, { id: 8, label: 'theirs' }],
        '/node/instances': hostile('node'),
        '/account/payment-methods': hostile('card'),
        '/account/users': [{ username: '..' }, { username: `${PREFIX}-user` }],
      },
      records: {
        '/vpcs/7': { id: 7, label: `${PREFIX}-ours` },
        [`/account/users/${PREFIX}-user`]: { username: `${PREFIX}-user` },
      },
    });
    try {
      const r = await runCli(['cleanup', '--base-url', target.baseUrl, '--prefix', PREFIX, '--timeout', '5000'], {
        env: { CLOUDCONF_TOKEN: TOKEN },
        boundMs: BOUND_MS,
      });
      expect(r.signal, r.stderr).toBeNull();
      expect(offTarget(target.seen), r.stderr).toEqual([]);
      const deletes = target.seen.filter((s) => s.startsWith('DELETE '));
      expect(deletes.sort()).toEqual([`DELETE /v4/account/users/${PREFIX}-user`, 'DELETE /v4/vpcs/7']);
      // Found with the prefix and not deleted: named, as no later command can delete them either.
      expect(r.code).toBe(0);
      expect(r.stderr.match(/no path can hold/g)?.length).toBe(15);
    } finally {
      await target.close();
    }
  });
});

describe('cleanup --journal', () => {
  const journalOf = (baseUrl: string, made: object[], header = true) =>
    [
      ...(header ? [{ t: 'run', baseUrl, betaUrl: `${baseUrl}beta`, prefix: PREFIX }] : []),
      ...made.map((m) => ({ t: 'made', ...m })),
    ]
      .map((line) => JSON.stringify(line))
      .join('\n');

  test('deletes only what it reads back with the prefix, names the label read back, and never uses an unusable line', {
    timeout: BOUND_MS + 10_000,
  }, async () => {
    const target = await startListingTarget({
      records: {
        '/vpcs/3': { id: 3, label: 'production-vpc' },
        '/vpcs/4': { id: 4, label: `${PREFIX}-ours` },
      },
    });
    try {
      const dir = mkdtempSync(join(work, 'journal-'));
      const journal = join(dir, 'created.jsonl');
      writeFileSync(
        journal,
        journalOf(target.baseUrl, [
          // The journal's labels carry the prefix; the entities do not.
          { key: 'a', remove: 'vpcs/delete', params: { vpcId: 3 }, label: `${PREFIX}-claimed` },
          { key: 'b', remove: 'tags/delete', params: { tagLabel: 'production' }, label: `${PREFIX}-tag` },
          { key: 'c', remove: 'vpcs/delete', params: { vpcId: 4 }, label: `${PREFIX}-ours` },
          // Members the issue does not name: values a journal gives that no path can hold.
          { key: 'd', remove: 'vpcs/delete', params: { vpcId: '..' } },
          { key: 'e', remove: 'tags/delete', params: { tagLabel: '' } },
          { key: 'f', remove: 'vpcs/subnets/delete', params: { vpcId: 4 } },
        ]),
      );
      const r = await runCli(['cleanup', '--base-url', target.baseUrl, '--journal', journal], {
        env: { CLOUDCONF_TOKEN: TOKEN },
        boundMs: BOUND_MS,
      });
      expect(target.seen.filter((s) => !s.startsWith('GET '))).toEqual(['DELETE /v4/vpcs/4']);
      expect(r.stderr).toContain('not used: 3 line(s) of the journal');
      // The lines name what the target holds, not what the journal claimed.
      expect(r.stderr).toMatch(/not deleted: DELETE \/v4\/vpcs\/3 \(production-vpc\)/);
      expect(r.stderr).not.toContain(`${PREFIX}-claimed`);
      expect(r.stderr).toMatch(/not deleted: DELETE \/v4\/tags\/production \(production\)/);
      expect(r.code).toBe(0);
    } finally {
      await target.close();
    }
  });

  test('a journal of another base URL, or one that does not say whose it is, is refused before anything is sent', {
    timeout: BOUND_MS + 10_000,
  }, async () => {
    const target = await startListingTarget({ records: { '/vpcs/4': { id: 4, label: `${PREFIX}-x` } } });
    try {
      const dir = mkdtempSync(join(work, 'journal-'));
      const made = [{ key: 'c', remove: 'vpcs/delete', params: { vpcId: 4 }, label: `${PREFIX}-x` }];
      const staging = join(dir, 'staging.jsonl');
      writeFileSync(staging, journalOf('https://staging.example.test/v4', made));
      const older = join(dir, 'older.jsonl');
      writeFileSync(older, journalOf(target.baseUrl, made, false));
      for (const [journal, says] of [
        [staging, /written for https:\/\/staging\.example\.test\/v4, not http:\/\/127\.0\.0\.1:\d+\/v4: refused/],
        [older, /does not say which target and run it belongs to/],
      ] as const) {
        const r = await runCli(['cleanup', '--base-url', target.baseUrl, '--journal', journal], {
          env: { CLOUDCONF_TOKEN: TOKEN },
          boundMs: BOUND_MS,
        });
        expect(r.code).toBe(2);
        expect(r.stderr).toMatch(says);
      }
      expect(target.seen).toEqual([]);
    } finally {
      await target.close();
    }
  });
});

describe('safe mode, with create answers whose id no path can hold', () => {
  /** Runs the subnet creates of safe mode against a target whose VPC creates answer each id in turn; returns what reached the target. */
  async function safeRunWith(ids: unknown[]) {
    let creates = 0;
    const target = await startRewritingTarget(TOKEN, (request, answer) => {
      if (request.method !== 'POST' || request.path !== '/v4/vpcs' || answer.status !== 200) return undefined;
      const id = ids[creates % ids.length];
      creates += 1;
      return { status: 200, json: { ...(answer.json as object), id } };
    });
    try {
      const dir = mkdtempSync(join(work, 'safe-ids-'));
      const args = [
        'run',
        '--base-url',
        target.baseUrl,
        '--mode',
        'safe',
        '--only',
        'vpcs/subnets/create/label-length',
      ];
      const r = await runCli([...args, '--seed', '1', '--report-dir', dir], {
        env: { CLOUDCONF_TOKEN: TOKEN },
        boundMs: BOUND_MS,
      });
      const results = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as Results;
      return { r, creates, seen: [...target.seen], results };
    } finally {
      await target.close();
    }
  }

  /** Requests whose path has a VPC segment that is not one integer id (`/v4/vpcs/`, `/v4/vpcs//subnets`, `/v4/vpcs/1.5`). */
  const badVpcPaths = (seen: string[]) =>
    seen.filter((s) => {
      const path = (s.split(' ')[1] ?? '').split('?')[0] ?? '';
      return path.startsWith('/v4/vpcs/') && !/^\/v4\/vpcs\/\d+(\/|$)/.test(path);
    });

  for (const [name, ids] of [
    ['"" and "."', ['', '.']],
    // Members the issue does not name: a fraction and a word where the documents type the id integer.
    ['1.5 and "7abc"', [1.5, '7abc']],
  ] as const) {
    test(`ids ${name}: nothing is sent to the collection, and the create answer fails ownership/create-id`, {
      timeout: BOUND_MS + 10_000,
    }, async () => {
      const { r, creates, seen, results } = await safeRunWith([...ids]);
      expect(creates, r.stderr).toBeGreaterThan(0);
      expect(badVpcPaths(seen)).toEqual([]);
      const checks = results.requirements.flatMap((q) => q.failures.map((f) => f.check));
      expect(checks).toContain('ownership/create-id');
    });
  }
});
