// Self-test of the explicit wiring: no module of the reference server is imported for its side effects (import circles of the whole tree are src/layer-order.test.ts's).

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const srcDir = fileURLToPath(new URL('..', import.meta.url));

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? tsFiles(join(dir, e.name)) : /(?<!\.d)\.ts$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

/** `import './x.js'`: a module loaded for what it does when loaded. */
const bareImport = /(?:^|\n)\s*import\s+['"](\.[^'"]+)['"]/g;

const bareImportsIn = (file: string, text: string) =>
  [...text.matchAll(bareImport)].map((m) => `${relative(srcDir, file)} imports ${m[1]}`);

test('the scan finds a bare import and nothing in an import of names', () => {
  expect(bareImportsIn(join(srcDir, 'x.ts'), "import './a.js';\nimport { b } from './b.js';")).toEqual([
    'x.ts imports ./a.js',
  ]);
});

test('no module of the reference server is imported for its side effects (models are wired in model/wiring.ts)', () => {
  const bare = tsFiles(join(srcDir, 'reference')).flatMap((f) => bareImportsIn(f, readFileSync(f, 'utf8')));
  expect(bare).toEqual([]);
});
