// Self-test of the layer order of the code (ARCHITECTURE.md, Layers): each part imports only the parts below it, the test side never imports the reference server, and no modules import each other in a circle.

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * The layers, lowest first. A module imports only modules of its own part or of a part in a lower
 * layer: parts of one layer are independent of each other. Test files (`*.test.ts`) stand above
 * every layer, but the reference rules below hold for them too.
 */
const LAYERS: string[][] = [
  ['spec'],
  ['src/vocabulary', 'src/package-root.ts', 'src/test-support'],
  ['src/version.ts'],
  ['src/http'],
  ['src/check', 'src/generate', 'src/target'],
  ['src/harness'],
  ['src/stateful', 'src/cleanup', 'src/export'],
  ['src/report', 'src/reference'],
  ['src/audit'],
  ['src/cli'],
  ['src/selftest', 'src/bench', 'src/index.ts'],
  ['suites', 'suites/encoding'],
];

/** Parts on the test side: they judge a target, so they never import the reference server. */
const TEST_SIDE = [
  'src/vocabulary',
  'src/http',
  'src/check',
  'src/generate',
  'src/target',
  'src/harness',
  'src/stateful',
  'src/cleanup',
  'src/report',
  'suites',
];

/** Edges the layer order allows but the design forbids, each with its reason; `tests` says whether test files are held to it too. */
const NEVER: { rule: string; from: string[]; to: string[]; tests: boolean }[] = [
  {
    rule: 'the test side never imports the reference server, its self-tests included (DESIGN section 1)',
    from: TEST_SIDE,
    to: ['src/reference'],
    tests: true,
  },
  {
    rule: 'audit and its commands never import the reference server outside their tests',
    from: ['src/audit', 'src/cli/audit.ts', 'src/cli/proxy.ts', 'src/cli/scopes-option.ts'],
    to: ['src/reference'],
    tests: false,
  },
  {
    rule: 'the reference server never imports the test side',
    from: ['src/reference'],
    to: [...TEST_SIDE.filter((p) => p !== 'src/vocabulary'), 'src/audit'],
    tests: true,
  },
  {
    rule: 'reports and audit read outcomes from the vocabulary, never from the harness that makes them',
    from: ['src/report', 'src/audit'],
    to: ['src/harness'],
    tests: true,
  },
];

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? tsFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\b[^'";]*?from\s+['"]([^'"]+)['"]|(?:^|\n)\s*import\s+['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Every import specifier of a source text: static, re-exports, side-effect and literal dynamic imports. */
const specifiers = (text: string) => [...text.matchAll(IMPORT)].map((m) => (m[1] ?? m[2] ?? m[3]) as string);

interface Edge {
  from: string;
  specifier: string;
  to: string;
}

const files = ['spec', 'src', 'suites'].flatMap((d) => tsFiles(resolve(root, d))).map((f) => relative(root, f));
const edges: Edge[] = files.flatMap((from) =>
  specifiers(readFileSync(resolve(root, from), 'utf8')).map((specifier) => ({
    from,
    specifier,
    to: specifier.startsWith('.')
      ? relative(root, resolve(root, dirname(from), specifier)).replace(/\.js$/, '.ts')
      : specifier,
  })),
);
const relativeEdges = edges.filter((e) => e.specifier.startsWith('.'));
const isTest = (file: string) => file.endsWith('.test.ts');

const PARTS = LAYERS.flat().sort((a, b) => b.length - a.length);

/** The part a file belongs to: the longest part of LAYERS that holds it, else its folder of src/ or its top folder (unplaced). */
function partOf(file: string): string {
  const listed = PARTS.find((p) => file === p || file.startsWith(`${p}/`));
  if (listed) return listed;
  const [top, second] = file.split('/');
  return top === 'src' && second ? `src/${second}` : (top ?? file);
}

const layerOf = new Map(LAYERS.flatMap((parts, layer) => parts.map((part) => [part, layer] as const)));
const within = (file: string, places: string[]) => places.some((p) => file === p || file.startsWith(`${p}/`));

test('every part of the code has its place in the layer order', () => {
  const unplaced = [...new Set(files.filter((f) => !isTest(f)).map(partOf))].filter((part) => !layerOf.has(part));
  expect(unplaced, 'add each to LAYERS (and to ARCHITECTURE.md)').toEqual([]);
});

test('a module imports only its own part and the layers below it (no back-edge)', () => {
  const backEdges = relativeEdges
    .filter((e) => !isTest(e.from))
    .flatMap((e) => {
      const [from, to] = [partOf(e.from), partOf(e.to)];
      const [a, b] = [layerOf.get(from) ?? -1, layerOf.get(to) ?? -1];
      return from === to || b < a
        ? []
        : [`${e.from} imports ${e.specifier}: ${from} (layer ${a}) ↛ ${to} (layer ${b})`];
    });
  expect(backEdges).toEqual([]);
});

test('spec/ imports only from spec/ and node: builtins, no package', () => {
  const bad = edges
    .filter((e) => partOf(e.from) === 'spec' && !e.specifier.startsWith('node:') && partOf(e.to) !== 'spec')
    .map((e) => `${e.from} imports ${e.specifier}`);
  expect(bad).toEqual([]);
});

test.each(NEVER)('$rule', ({ from, to, tests }) => {
  const bad = relativeEdges
    .filter((e) => within(e.from, from) && (tests || !isTest(e.from)) && within(e.to, to))
    .map((e) => `${e.from} imports ${e.specifier}`);
  expect(bad).toEqual([]);
});

/** Each import circle among files, as the path that closes it (a.ts → b.ts → a.ts), found by a depth-first walk. */
function circles(graph: Map<string, string[]>): string[] {
  const found = new Set<string>();
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') {
        const circle = path.slice(path.indexOf(next));
        const start = circle.indexOf([...circle].sort()[0] as string);
        const turned = [...circle.slice(start), ...circle.slice(0, start)];
        found.add([...turned, turned[0]].join(' → '));
      } else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return [...found].sort();
}

test('no modules import each other in a circle', () => {
  const graph = new Map<string, string[]>();
  for (const e of relativeEdges) {
    graph.set(e.from, [...(graph.get(e.from) ?? []), e.to]);
  }
  expect(circles(graph)).toEqual([]);
});

test('the scan sees imports of every kind, and the circle search finds a circle', () => {
  expect(
    specifiers("import a from './a.js';\nexport { b } from './b.js';\nimport './c.js';\nawait import('./d.js');"),
  ).toEqual(['./a.js', './b.js', './c.js', './d.js']);
  expect(relativeEdges.length).toBeGreaterThan(1000);
  expect(
    circles(
      new Map([
        ['b', ['c']],
        ['c', ['a']],
        ['a', ['b']],
      ]),
    ),
  ).toEqual(['a → b → c → a']);
});
