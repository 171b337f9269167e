// Self-test of the import rule for audit (DESIGN section 1): the engine is the test side and never imports the reference server; only its tests start one as a target.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const here = fileURLToPath(new URL('.', import.meta.url));
const cli = fileURLToPath(new URL('../cli/', import.meta.url));
const importsOf = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s+['"]([^'"]+)['"]/g)].map(
    (m) => m[1] as string,
  );

test('src/audit and its commands never import src/reference outside tests', () => {
  const files = [
    ...readdirSync(here).map((f) => join(here, f)),
    ...['audit.ts', 'proxy.ts', 'scopes-option.ts'].map((f) => join(cli, f)),
  ].filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  expect(files.length).toBeGreaterThan(10);
  const bad = files.flatMap((f) =>
    importsOf(f)
      .filter((t) => t.includes('/reference/'))
      .map((t) => `${f} imports ${t}`),
  );
  expect(bad).toEqual([]);
  // The scan sees imports: this very file's tests import the reference server.
  expect(importsOf(join(here, 'proxy.test.ts')).some((t) => t.includes('/reference/'))).toBe(true);
});
