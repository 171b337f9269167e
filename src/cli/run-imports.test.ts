// Self-test that `cloudconf run` loads the reference server only when it embeds one: a run against --base-url never pays for its modules.

import { join } from 'node:path';
import { expect, test } from 'vitest';
import { PACKAGE_ROOT } from '../package-root.js';
import { importClosure } from './test-support/import-closure.js';

test('the run statically loads no module of the reference server but its catalogue (the default regions, images and types)', () => {
  const { files } = importClosure(join(PACKAGE_ROOT, 'src/cli/run.ts'));
  const reference = [...files].filter((f) => f.startsWith(join('src', 'reference')));
  expect(reference).toEqual([join('src', 'reference', 'model', 'catalogue.ts')]);
  // The walk itself works: it reached the phase that starts the targets.
  expect(files).toContain(join('src', 'cli', 'run', 'targets.ts'));
});
