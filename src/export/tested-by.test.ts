// Self-tests of the catalogue's "tested by" column: written procedures come from what the suite files register, derived ones name a procedure their file exports.

import { pathToFileURL } from 'node:url';
import { expect, test } from 'vitest';
import { requirements } from '../../spec/index.js';
import { CODE_ROOT } from '../package-root.js';
import { testedBy } from './tested-by.js';

test('a written procedure is named by its function and the suite file that registers it', async () => {
  const how = await testedBy();
  expect(how.get('vpcs/create/subnets-created')).toBe('written: `subnetsCreated` in suites/part1/vpcs.test.ts');
  expect(how.get('transfers/service/cancel/not-expired')).toBe(
    'written: `cancelNotExpired` in suites/part2/transfers.test.ts',
  );
});

test('a wrapper names the procedure it wraps and the condition it adds', async () => {
  const marks = [...(await testedBy()).values()].filter((t) => t.startsWith('written:'));
  expect(marks.filter((t) => t.includes('(while busy)')).length).toBeGreaterThan(0);
  expect(marks.filter((t) => t.includes('(after the lifecycle model run)')).length).toBeGreaterThan(0);
  expect(marks.filter((t) => /written: \(/.test(t))).toEqual([]);
});

test('the procedure named for each derived requirement is a function its file exports', async () => {
  const how = await testedBy();
  const named = requirements.flatMap((r) => {
    const m = /^derived: `(\w+)` in (\S+)$/.exec(how.get(r.id) ?? '');
    return r.derivation && m ? [[m[1] as string, m[2] as string] as const] : [];
  });
  expect(named.length).toBe(requirements.filter((r) => how.get(r.id)?.startsWith('derived:')).length);
  const pairs = [...new Set(named.map(([fn, file]) => `${fn} ${file}`))];
  expect(pairs.length).toBeGreaterThan(10);
  for (const pair of pairs) {
    const [fn = '', file = ''] = pair.split(' ');
    const module = await import(pathToFileURL(`${CODE_ROOT}/${file}`).href);
    expect(typeof module[fn], `${fn} in ${file}`).toBe('function');
  }
});
