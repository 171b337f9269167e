// Self-test that no import circle exists among the modules under src/: every relative import that loads a module at run time counts (`import type` and `export type` are erased and do not).

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

const srcDir = fileURLToPath(new URL('..', import.meta.url));

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? tsFiles(join(dir, e.name)) : /(?<!\.d)\.ts$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

/**
 * The relative modules a file loads when it is loaded: static `import … from`, `export … from` and
 * bare `import '…'`. Under verbatimModuleSyntax `import { type A } from` still loads its module, so
 * only a whole `import type` / `export type` statement is left out; dynamic `import()` loads later
 * and is left out too.
 */
function runtimeImports(source: string): string[] {
  const statements = source.matchAll(/(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s*)?['"]([^'"]+)['"]/g);
  return [...statements].filter((m) => m[2] === undefined && m[3]?.startsWith('.')).map((m) => m[3] as string);
}

/** The file a relative specifier names: `.js` in a specifier stands for the `.ts` source. */
const resolveSpecifier = (from: string, specifier: string) => resolve(dirname(from), specifier.replace(/\.js$/, '.ts'));

/** Every cycle of the graph, each once, as the list of its files starting from its smallest. */
function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  // Tarjan's strongly connected components; a component of two or more files (or a self import) holds a cycle.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop() as string;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) components.push(component.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  // One concrete circle per component, found by walking from its smallest file back to itself.
  return components.map((component) => {
    const inside = new Set(component);
    const start = component[0] as string;
    const path = [start];
    const seen = new Set([start]);
    const walk = (v: string): boolean => {
      for (const w of graph.get(v) ?? []) {
        if (w === start) return true;
        if (!inside.has(w) || seen.has(w)) continue;
        seen.add(w);
        path.push(w);
        if (walk(w)) return true;
        path.pop();
      }
      return false;
    };
    walk(start);
    return path;
  });
}

/**
 * Circles that other work removes, each with where it is tracked; the test passes over them and fails
 * on any other. Delete an entry once its circle is gone.
 */
const KNOWN_CIRCLES: ReadonlyMap<string, string> = new Map([
  [
    'suite/fixtures.ts -> suite/target-body.ts -> suite/fixtures.ts',
    'issue 16 item 5: the harness vocabulary moves to the bottom and these two stop importing each other',
  ],
]);

function importGraph(): Map<string, string[]> {
  const files = tsFiles(srcDir).filter((f) => !f.endsWith('.test.ts'));
  const known = new Set(files);
  return new Map(
    files.map((f) => [
      relative(srcDir, f),
      runtimeImports(readFileSync(f, 'utf8'))
        .map((s) => resolveSpecifier(f, s))
        .filter((target) => known.has(target))
        .map((target) => relative(srcDir, target)),
    ]),
  );
}

const bareImport = /(?:^|\n)\s*import\s+['"](\.[^'"]+)['"]/g;

describe('import graph of src/', () => {
  test('the scan reads runtime imports and leaves out erased and dynamic ones', () => {
    const source = [
      "import { a } from './a.js';",
      "import type { B } from './b.js';",
      "import { type C } from './c.js';",
      "export { d } from './d.js';",
      "export type { E } from './e.js';",
      "import './f.js';",
      "import {\n  g,\n  h,\n} from './g.js';",
      "const i = await import('./i.js');",
      "import { j } from 'node:fs';",
    ].join('\n');
    expect(runtimeImports(source)).toEqual(['./a.js', './c.js', './d.js', './f.js', './g.js']);
  });

  test('the cycle finder reports each circle once and nothing for a tree', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c', 'd']],
      ['c', ['a']],
      ['d', []],
      ['e', ['e']],
    ]);
    expect(cycles(graph)).toEqual([['a', 'b', 'c'], ['e']]);
    expect(
      cycles(
        new Map([
          ['a', ['b']],
          ['b', []],
        ]),
      ),
    ).toEqual([]);
  });

  test('no module under src/ imports itself back through others', () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(100);
    const found = cycles(graph).map((c) => [...c, c[0]].join(' -> '));
    expect(found.filter((circle) => !KNOWN_CIRCLES.has(circle))).toEqual([]);
  });

  test('no module of the reference server is imported for its side effects (models are wired in model/wiring.ts)', () => {
    const reference = join(srcDir, 'reference');
    const bare = tsFiles(reference).flatMap((f) =>
      [...readFileSync(f, 'utf8').matchAll(bareImport)].map((m) => `${relative(srcDir, f)} imports ${m[1]}`),
    );
    expect(bare).toEqual([]);
  });
});
