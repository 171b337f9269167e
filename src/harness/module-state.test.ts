// Self-test: the suite side keeps no module-level state that one target could write and another read; a worker serves every target of a mutation run (vitest's isolate: false), and two reference servers hand out the same ids.

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Where the code that runs inside the suite workers lives. */
const WORKER_SIDE = ['suites', 'src/harness', 'src/check', 'src/generate', 'src/stateful', 'src/target'];

/**
 * Module-level state that is known to be safe, each with why: keyed by data of spec/ (the same for every
 * target), by the session of one target, or a counter whose only use is a unique name.
 */
const ALLOWED: Record<string, string> = {
  'src/harness/hints.ts labelsHandedOut': 'a counter that makes labels unique; no value of a target',
  'src/harness/inventory.ts collecting': 'the catalogue collecting written maps, outside runs',
  'src/check/schema.ts validators': 'compiled validators keyed by a schema of spec/',
  'src/generate/violations.ts byPattern': 'arbitraries keyed by a pattern of spec/',
  'src/target/limiter.ts started': 'a counter naming the run limiter',
  'src/target/limiter.ts byId': "the limiter's shared slots, keyed by the run's limiter id",
  'src/target/session.ts usersMinted': 'a counter that makes usernames unique',
  'src/target/session.ts sessions': 'the sessions, keyed by the mutant (the target) they talk to',
  'src/target/removal.ts removals': 'removal paths keyed by an operation of spec/',
  'src/target/config-file.ts compiled': 'the compiled config schema',
  'src/target/profile-file.ts validator': 'the compiled profile schema',
  'src/target/config-file.ts cas': "the --ca files' certificates, keyed by the file's path; nothing of a target",
};

/** A top-level `let`, or a top-level collection that starts empty: state a module gathers as it runs. */
const MUTABLE =
  /^(?:export )?(?:let ([A-Za-z_$][\w$]*)|const ([A-Za-z_$][\w$]*)\s*(?::[^=]+)?=\s*new (?:Map|Set)\b[^(]*\(\))/;

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

function moduleState(): string[] {
  return WORKER_SIDE.flatMap(sources).flatMap((file) =>
    readFileSync(join(root, file), 'utf8')
      .split('\n')
      .flatMap((line) => {
        const m = MUTABLE.exec(line);
        const name = m?.[1] ?? m?.[2];
        return name ? [`${relative(root, join(root, file))} ${name}`] : [];
      }),
  );
}

test('the suite side keeps no module-level state but what is keyed by spec data, by session, or a counter', () => {
  const unexplained = moduleState().filter((key) => !(key in ALLOWED));
  // Key such state by the session (a WeakMap<Session, ...>) or pass it along: ids of two targets collide.
  expect(unexplained).toEqual([]);
});

test('every allowed entry still exists, so the list stays true', () => {
  const present = new Set(moduleState());
  expect(Object.keys(ALLOWED).filter((key) => !present.has(key))).toEqual([]);
});

test('the scan sees a module-level map that starts empty, the kind of state that mixed two targets', () => {
  expect(MUTABLE.exec('const rootDisks = new Map<number, number>();')?.[2]).toBe('rootDisks');
  expect(MUTABLE.exec('let seen = 0;')?.[1]).toBe('seen');
  expect(MUTABLE.exec('const rootDisks = new WeakMap<Session, Map<number, number>>();')).toBeNull();
  expect(MUTABLE.exec("const IMPLIED = new Set(['HEAD']);")).toBeNull();
});
