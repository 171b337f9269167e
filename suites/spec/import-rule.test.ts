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

/** Imports of every TypeScript file under a folder that resolve into another folder of the repo. */
function importsInto(from: string, into: string, except: string[] = []): string[] {
  const fromDir = resolve(repoRoot, from);
  const intoDir = resolve(repoRoot, into);
  return tsFiles(fromDir)
    .filter((file) => !except.some((e) => file.startsWith(resolve(repoRoot, e))))
    .flatMap((file) =>
      importsOf(file)
        .filter((t) => t.startsWith('.') && resolve(file, '..', t).startsWith(intoDir))
        .map((t) => `${relative(repoRoot, file)} imports ${t}`),
    );
}

test('the test side never imports the reference server (DESIGN section 1)', () => {
  const testSide = ['src/check', 'src/generate', 'src/http', 'src/report', 'src/suite', 'src/target'];
  const bad = [
    ...testSide.flatMap((dir) => importsInto(dir, 'src/reference')),
    ...importsInto('suites', 'src/reference', ['suites/spec']),
  ];
  expect(bad).toEqual([]);
});

test('the reference server imports spec/ and itself only, never the suite side', () => {
  const suiteSide = [
    'src/check',
    'src/generate',
    'src/suite',
    'src/target',
    'src/stateful',
    'src/report',
    'src/http',
    'suites',
  ];
  expect(suiteSide.flatMap((dir) => importsInto('src/reference', dir))).toEqual([]);
});

test('the import scan sees imports (it would catch a violation)', () => {
  expect(importsOf(resolve(repoRoot, 'spec/index.ts')).length).toBeGreaterThan(5);
});
