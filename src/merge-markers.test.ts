// Self-test of the tree: no file the repository tracks holds a merge's conflict markers (one was once committed in ARCHITECTURE.md, where no compiler looks).

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const MARKER = /^(?:<{7}|>{7})(?: |$)|^={7}$/m;

/** The tracked files that hold a conflict marker at the start of a line. */
function filesWithMarkers(files: readonly string[], read: (file: string) => string): string[] {
  return files.filter((file) => MARKER.test(read(file)));
}

test('the marker scan finds a conflict block and passes a line of equals signs that is longer', () => {
  const texts: Record<string, string> = {
    'a.md': 'x\n<<<<<<< HEAD\nours\n=======\ntheirs\n>>>>>>> wip/x\n',
    'b.md': 'Heading\n==========\n',
    'c.md': 'a === b\n',
  };
  expect(filesWithMarkers(Object.keys(texts), (f) => texts[f] as string)).toEqual(['a.md']);
});

test('no tracked file holds a conflict marker', () => {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((f) => f && !/\.(png|gz|tgz|ico|woff2?)$/.test(f));
  expect(filesWithMarkers(files, (f) => readFileSync(new URL(f, `file://${root}`), 'utf8'))).toEqual([]);
});
