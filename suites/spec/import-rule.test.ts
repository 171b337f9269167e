// Self-test of the import rule of DESIGN section 1: spec/ imports nothing of ours outside spec/, and no package.

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { expect, test } from 'vitest';
import { repoRoot } from './support/cli.js';

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? tsFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

const importsOf = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s+['"]([^'"]+)['"]/g)].map(
    (m) => m[1] as string,
  );

test('spec/ imports only from spec/ and node: builtins', () => {
  const specDir = resolve(repoRoot, 'spec');
  const bad = tsFiles(specDir).flatMap((file) =>
    importsOf(file)
      .filter((target) => {
        if (target.startsWith('node:')) return false;
        if (!target.startsWith('.')) return true;
        return relative(specDir, resolve(file, '..', target)).startsWith('..');
      })
      .map((target) => `${relative(repoRoot, file)} imports ${target}`),
  );
  expect(bad).toEqual([]);
});

test('the import scan sees imports (it would catch a violation)', () => {
  expect(importsOf(resolve(repoRoot, 'spec/index.ts')).length).toBeGreaterThan(5);
});
