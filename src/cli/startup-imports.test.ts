// Self-test that starting the command line (`--version`, `--help`, parsing) loads no heavy module: the spec, the reference server, the checks and their libraries load on demand inside the command that needs them.

import { join } from 'node:path';
import { expect, test } from 'vitest';
import { PACKAGE_ROOT } from '../package-root.js';
import { importClosure } from './test-support/import-closure.js';

/** What would make `cloudconf --version` slow again (fast-check, ajv, undici, vitest, the whole spec). */
const HEAVY = [
  /^spec\/(index|build|derive|part[123])/,
  /^src\/(reference|suite|generate|check|audit|report|cleanup|stateful)\//,
  /^src\/export\/(?!catalogue-path)/,
];

test('the command line starts with commander and small modules only', () => {
  const { files, packages } = importClosure(join(PACKAGE_ROOT, 'src/cli/main.ts'));
  expect([...packages]).toEqual(['commander']);
  expect([...files].filter((f) => HEAVY.some((h) => h.test(f)))).toEqual([]);
  // The walk itself works: it reached the command declarations.
  expect(files).toContain(join('src', 'cli', 'serve-command.ts'));
});
