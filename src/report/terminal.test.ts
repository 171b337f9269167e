// Unit tests of what a run prints: progress on and off a terminal, colour rules, and the summary per part.

import { expect, test } from 'vitest';
import { noVerdicts, type Verdict } from '../vocabulary/outcome.js';
import { jsonSummary, type Progress, progressPrinter, terminalSummary, wantsColour } from './terminal.js';
import { exchange, requirement, results } from './test-support/sample-results.js';

const counts = (pass: number, fail = 0): Record<Verdict, number> => ({ ...noVerdicts(), pass, fail });
const progress = (done: number, total: number): Progress => ({ done, total, counts: counts(done), last: `a/${done}` });

test('off a terminal: a line every 25 requirements and at the end', () => {
  const lines: string[] = [];
  const print = progressPrinter((l) => lines.push(l), { write: () => true });
  for (let i = 1; i <= 60; i++) print(progress(i, 60));
  expect(lines).toEqual(['25/60 requirements judged', '50/60 requirements judged', '60/60 requirements judged']);
});

test('on a terminal: one line rewritten in place, ending with a newline', () => {
  const writes: string[] = [];
  const stream = { isTTY: true, columns: 80, write: (s: string) => writes.push(s) };
  const print = progressPrinter(() => expect.unreachable('no log lines on a terminal'), stream);
  print(progress(1, 3));
  print(progress(3, 3));
  expect(writes.every((w) => w.startsWith('\r\u001b[2K'))).toBe(true);
  expect(writes.at(-1)).toMatch(/3\/3 judged.*\n$/);
  expect(writes.filter((w) => w.endsWith('\n'))).toHaveLength(1);
});

test('colour only on a terminal and never with NO_COLOR', () => {
  expect(wantsColour({ isTTY: true, write: () => 0 }, {})).toBe(true);
  expect(wantsColour({ isTTY: true, write: () => 0 }, { NO_COLOR: '1' })).toBe(false);
  expect(wantsColour({ isTTY: false, write: () => 0 }, {})).toBe(false);
});

test('the summary has a line per part, the failures by id, and points at index.html', () => {
  const r = results([
    requirement('vpcs/create/a', 'fail'),
    requirement('vpcs/list/b', 'pass'),
    requirement('users/list/c', 'error', { part: 2 }),
  ]);
  const text = terminalSummary(r, 'reports/x');
  expect(text).toContain('part 1  pass 1  fail 1  non-strict 0  error 0  skipped 0  excluded 0');
  expect(text).toContain('  FAIL vpcs/create/a');
  expect(text).toContain('  ERROR users/list/c');
  expect(text).toContain('total   pass 1  fail 1');
  expect(text).toContain('report: reports/x/index.html');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: no escape sequence without colour
  expect(text).not.toMatch(/\u001b/);
  expect(terminalSummary(r, 'reports/x', true)).toContain('\u001b[31;1mFAIL\u001b[0m vpcs/create/a');
});

test('the JSON summary lists what failed and where the reports are', () => {
  const r = results([requirement('vpcs/create/a', 'fail'), requirement('vpcs/list/b', 'pass')]);
  const json = jsonSummary(r, 'out');
  expect(json.failures).toEqual([{ id: 'vpcs/create/a', verdict: 'fail' }]);
  expect(json.summary).toEqual(r.summary);
  expect(json.reports.html).toBe('out/index.html');
});

test('the summary marks flaky requirements by id, whatever their verdict', () => {
  const r = results([
    requirement('vpcs/list/a', 'pass', { flaky: 'GET /v4/vpcs answered only after a 503' }),
    requirement('vpcs/list/b', 'pass'),
  ]);
  const text = terminalSummary(r, 'reports/x');
  expect(text).toContain('flaky   1 answered only on a retry\n  FLAKY vpcs/list/a (pass)');
  expect(terminalSummary(results([requirement('vpcs/list/b', 'pass')]), 'x')).not.toContain('flaky');
});

test('the area table: a partial target sees every area, passing ones too; a complete one only its failing areas', () => {
  const partial = results([
    requirement('vpcs/list/auth/token-required', 'pass'),
    requirement('tags/list/response/envelope', 'not-implemented'),
  ]);
  partial.offer = {
    served: ['vpcs/list'],
    notImplemented: [{ operation: 'tags/list', method: 'GET', path: '/tags', status: 404, evidence: exchange() }],
  };
  const lines = terminalSummary(partial, 'x').split('\n');
  expect(lines.some((l) => /^vpcs +12 operations; 1 pass, 0 failing$/.test(l))).toBe(true);
  expect(lines.some((l) => /^tags +4 operations \(4 not implemented\); 0 pass, 0 failing$/.test(l))).toBe(true);
  const complete = results([requirement('vpcs/list/b', 'pass'), requirement('tags/list/c', 'fail')]);
  const shown = terminalSummary(complete, 'x').split('\n');
  expect(shown.some((l) => /^tags +\d+ operations; 0 pass, 1 failing$/.test(l))).toBe(true);
  expect(shown.some((l) => /^vpcs +\d+ operations/.test(l))).toBe(false);
});
