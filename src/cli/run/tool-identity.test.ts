// Self-test of keeping the build hash and encoding revision between runs: read back while no file of the tool changed, computed again when one did, and never trusted from a damaged entry.

import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { encodingRevision, toolBuild } from '../../report/provenance.js';
import { scratchDirectory } from '../../test-support/scratch.js';
import { SETTLED_MS, type ToolIdentity, toolIdentity } from './tool-identity.js';

const work = scratchDirectory('tool-identity');

let cases = 0;
const ROUND_TIME = 1_700_000_000;

/** A clock past the settling time of every file written here, so what is computed can be kept. */
const later = () => Date.now() + 10 * SETTLED_MS;

/** A tool of two files, a cache directory, and a counting computation. */
function fixture() {
  const dir = join(work, `case-${++cases}`);
  const tool = join(dir, 'tool');
  mkdirSync(tool, { recursive: true });
  const files = ['a.ts', 'b.ts'].map((name) => join(tool, name));
  for (const file of files) writeFileSync(file, `// ${file}\n`);
  // Whole seconds, so a test can put a modification time back exactly, to the nanosecond.
  for (const file of files) utimesSync(file, ROUND_TIME, ROUND_TIME);
  const cache = join(dir, 'cache');
  let computed = 0;
  const compute = (): ToolIdentity => {
    computed += 1;
    return { build: `${computed}`.padStart(12, 'a'), encoding: 'bbbbbbbbbbbb' };
  };
  const identity = (now = later) => toolIdentity(cache, { files, compute, root: tool, now });
  return { files, cache, identity, computed: () => computed };
}

/** File times move in coarse ticks: a test that rewrites a file waits one out first. */
const nextTick = () => new Promise((resolve) => setTimeout(resolve, 30));

test('a second run with no file of the tool changed reads the kept values instead of computing', () => {
  const f = fixture();
  const first = f.identity();
  expect(f.identity()).toEqual(first);
  expect(f.computed()).toBe(1);
});

test('a file written since (same size, modification time put back) makes the next run compute again', async () => {
  const f = fixture();
  f.identity();
  await nextTick();
  const [file] = f.files as [string];
  writeFileSync(file, `// ${file.replace(/a\.ts$/, 'z.ts')}\n`);
  utimesSync(file, ROUND_TIME, ROUND_TIME);
  expect(statSync(file).mtimeMs).toBe(ROUND_TIME * 1000);
  expect(f.identity().build).toBe('aaaaaaaaaaa2');
  expect(f.computed()).toBe(2);
});

test('a file added to the tool makes the next run compute again', () => {
  const f = fixture();
  f.identity();
  const added = join(f.files[0] as string, '..', 'c.ts');
  writeFileSync(added, '');
  const compute = () => ({ build: 'cccccccccccc', encoding: 'cccccccccccc' });
  expect(
    toolIdentity(f.cache, { files: [...f.files, added], compute, root: join(added, '..'), now: later }).build,
  ).toBe('cccccccccccc');
});

test('files changed moments ago are not kept: each run computes until they settle', () => {
  const f = fixture();
  f.identity(Date.now);
  f.identity(Date.now);
  expect(f.computed()).toBe(2);
  expect(existsSync(f.cache)).toBe(false);
});

test('a damaged, foreign or oversized entry is not trusted: the values are computed and the entry written anew', () => {
  const f = fixture();
  f.identity();
  const [entry] = readdirSync(join(f.cache, 'provenance'));
  const path = join(f.cache, 'provenance', entry as string);
  const damaged = [
    '{not json',
    'null',
    JSON.stringify({ fingerprint: 'other', build: 'aaaaaaaaaaa1', encoding: 'bbbbbbbbbbbb' }),
    `{"pad":"${'x'.repeat(5000)}"}`,
  ];
  for (const [i, text] of damaged.entries()) {
    writeFileSync(path, text);
    expect(f.identity().build).toBe(`${i + 2}`.padStart(12, 'a'));
  }
  expect(f.identity().build).toBe('aaaaaaaaaaa5');
  expect(f.computed()).toBe(5);
});

test('a value of the wrong form in an entry with the right fingerprint is not trusted', () => {
  const f = fixture();
  f.identity();
  const path = join(f.cache, 'provenance', readdirSync(join(f.cache, 'provenance'))[0] as string);
  const kept = JSON.parse(readFileSync(path, 'utf8'));
  writeFileSync(path, JSON.stringify({ ...kept, build: 123456789012 }));
  expect(f.identity().build).toBe('aaaaaaaaaaa2');
});

test('without a usable cache directory the values are computed every time, and nothing fails', () => {
  const f = fixture();
  writeFileSync(join(work, 'a-file'), '');
  const compute = () => ({ build: 'dddddddddddd', encoding: 'dddddddddddd' });
  for (const cache of [join(work, 'a-file'), undefined]) {
    expect(toolIdentity(cache, { files: f.files, compute, now: later }).build).toBe('dddddddddddd');
  }
});

test('computed, the values are the build hash and the encoding revision of this tool', () => {
  expect(toolIdentity(undefined)).toEqual({ build: toolBuild(), encoding: encodingRevision() });
});

test('a file that went away after the listing leaves the values computed, not a failed run', () => {
  const f = fixture();
  const gone = join(f.files[0] as string, '..', 'gone.ts');
  const compute = () => ({ build: 'ffffffffffff', encoding: 'ffffffffffff' });
  expect(toolIdentity(f.cache, { files: [...f.files, gone], compute, now: later }).build).toBe('ffffffffffff');
});
