// Self-tests of the split of the self-test files: a file that replaces a module gets its own graph, every other shares its worker's, and none is lost.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { scratchDirectory } from '../../test-support/scratch.js';
import { SELF_TEST_FILES, selfTestFiles, selfTestProjects } from './self-test-projects.js';

const dir = scratchDirectory('self-test-projects');

const file = (name: string, text: string): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

/** Spelled apart, so that this file does not read as one that mocks a module. */
const VI = 'vi';

const includes = (files: string[]) =>
  Object.fromEntries(selfTestProjects(files).map((p) => [p.test?.name, p.test?.include]));

test('a file that mocks a module, stubs a global or fakes the clock keeps its own modules; the others share', () => {
  const plain = file('plain.test.ts', "import { test } from 'vitest';\ntest('x', () => {});\n");
  const mocks = file('mocks.test.ts', `${VI}.mock('./a.js', () => ({}));\n`);
  const stubs = file('stubs.test.ts', `${VI}.stubGlobal('fetch', () => {});\n`);
  const clock = file('clock.test.ts', `${VI}.useFakeTimers();\n`);
  const mentions = file('mentions.test.ts', '// vi.mock is not used here\n');
  expect(includes([plain, mocks, stubs, clock, mentions])).toEqual({
    shared: [plain, mentions],
    'own-modules': [mocks, stubs, clock],
  });
});

test('only the shared files run the fresh-file setup, without isolation', () => {
  const plain = file('plain2.test.ts', '');
  const mocks = file('mocks2.test.ts', `${VI}.mock("x");\n`);
  const [shared, own] = selfTestProjects([plain, mocks]);
  expect(shared?.test).toMatchObject({ isolate: false, setupFiles: ['src/cli/test-support/fresh-file.ts'] });
  expect(own?.test?.isolate).toBeUndefined();
  expect(own?.test?.setupFiles).toBeUndefined();
});

test('a project with no file is left out', () => {
  const plain = file('plain3.test.ts', '');
  expect(selfTestProjects([plain]).map((p) => p.test?.name)).toEqual(['shared']);
  expect(selfTestProjects([])).toEqual([]);
});

test("this repository's files: each in exactly one project, and run-complete's mocks in their own", () => {
  const files = selfTestFiles(SELF_TEST_FILES);
  const projects = includes(files);
  const all = [...(projects.shared ?? []), ...(projects['own-modules'] ?? [])].sort();
  expect(all).toEqual(files);
  expect(projects['own-modules']).toContain('src/cli/run-complete.test.ts');
  expect(projects.shared).toContain('src/cli/test-support/self-test-projects.test.ts');
});
