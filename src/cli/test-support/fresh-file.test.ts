// Self-tests of what a file sharing its worker's modules starts from: no secret and no exit code an earlier file left.

import { afterEach, expect, test } from 'vitest';
import { processRedactor } from '../../http/redact.js';
import { forgetEarlierFiles } from './fresh-file.js';

afterEach(() => {
  processRedactor.clear();
  process.exitCode = undefined;
});

test('a secret an earlier file taught the process redactor is forgotten', () => {
  processRedactor.add('earlier-file-token-0123');
  expect(processRedactor.text('earlier-file-token-0123')).not.toContain('earlier-file-token-0123');
  forgetEarlierFiles();
  expect(processRedactor.text('earlier-file-token-0123')).toBe('earlier-file-token-0123');
});

test('an exit code an earlier file set is cleared', () => {
  process.exitCode = 2;
  forgetEarlierFiles();
  expect(process.exitCode).toBeUndefined();
});

test('this file itself started with nothing learned', () => {
  // The setup ran before this file: a word any test may print comes back as it is.
  expect(processRedactor.text('plain-word-abcdef')).toBe('plain-word-abcdef');
});
