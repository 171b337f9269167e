// `report --merge` with a shard of the split missing exits 2 unless --allow-missing, and the merged summary names the missing shard.

import { mkdtempSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { requirement, results } from '../report/test-support/sample-results.js';
import { writeReports } from '../report/write.js';
import { scratchDirectory } from '../test-support/scratch.js';
import { report } from './report.js';

const work = scratchDirectory('report-merge');

function shards(): string[] {
  const dir = mkdtempSync(join(work, 'merge-missing-'));
  return [1, 2].map((index) => {
    const out = join(dir, `shard-${index}`);
    writeReports(
      out,
      results([requirement(`area${index}/x`, 'pass')], { shard: { index, total: 3, files: [`f${index}`] } }),
    );
    return out;
  });
}

test('a merge missing shard 3/3 exits 2, says so, and its summary.md and results.json name the shard', async () => {
  const out = mkdtempSync(join(work, 'merged-'));
  const lines: string[] = [];
  const code = await report({ merge: shards(), out, quiet: true }, (l) => lines.push(l));
  expect(code).toBe(2);
  expect(lines.join('\n')).toContain('shard 3/3 missing from the merge');
  expect(readFileSync(join(out, 'summary.md'), 'utf8')).toContain('**Missing shard**: 3/3');
  expect(JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')).missingShards).toEqual(['3/3']);
});

test('with --allow-missing the same merge exits as its verdicts decide', async () => {
  const out = mkdtempSync(join(work, 'merged-'));
  expect(await report({ merge: shards(), out, quiet: true, allowMissing: true }, () => {})).toBe(0);
  expect(readFileSync(join(out, 'summary.md'), 'utf8')).toContain('**Missing shard**: 3/3');
});
