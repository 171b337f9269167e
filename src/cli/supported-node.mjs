// Whether this Node.js is one cloudconf runs on, read from package.json's `engines` before anything else loads: plain JavaScript that any Node can parse, so an unsupported one gets one line instead of a stack trace.

import { readFileSync } from 'node:fs';

/** `[major, minor, patch]` of a version such as `22.19.0` or `v24.1.0-rc.1` (a pre-release counts as its release). */
const parts = (version) =>
  String(version)
    .replace(/^v/, '')
    .split('-')[0]
    .split('.')
    .map((n) => Number(n) || 0)
    .concat([0, 0, 0])
    .slice(0, 3);

const compare = (a, b) => {
  for (let i = 0; i < 3; i += 1) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  return 0;
};

/** One comparator of a range (`^22.19.0`, `>=26.0.0`, `<25`, `24.1.0`); undefined when it is none of the forms read here. */
function comparator(text) {
  const m = /^(\^|>=|<=|>|<|=)?v?(\d+(?:\.\d+){0,2})$/.exec(text);
  if (!m) return undefined;
  const op = m[1] ?? '=';
  const bound = parts(m[2]);
  if (op === '^') return (v) => v[0] === bound[0] && compare(v, bound) >= 0;
  const tests = {
    '>=': (c) => c >= 0,
    '<=': (c) => c <= 0,
    '>': (c) => c > 0,
    '<': (c) => c < 0,
    '=': (c) => c === 0,
  };
  return (v) => tests[op](compare(v, bound));
}

/**
 * Whether `version` satisfies an npm `engines` range made of `||` alternatives, each of
 * space-separated comparators; undefined when the range has a form not read here (then no one is
 * turned away on a guess).
 */
export function satisfies(version, range) {
  const v = parts(version);
  let readable = true;
  const alternatives = range.split('||').map((alternative) =>
    alternative
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map((text) => {
        const test = comparator(text);
        if (!test) readable = false;
        return test;
      }),
  );
  if (!readable) return undefined;
  return alternatives.some((tests) => tests.every((test) => test(v)));
}

/** The one line for a Node.js that package.json's `engines` does not name, or undefined when it is fine. */
export function unsupportedNode(
  version = process.versions.node,
  packageJson = new URL('../../package.json', import.meta.url),
) {
  const range = JSON.parse(readFileSync(packageJson, 'utf8')).engines?.node;
  if (!range || satisfies(version, range) !== false) return undefined;
  return `cloudconf: Node.js ${version} is not supported: cloudconf needs Node.js ${range} (the maintained LTS lines, package.json "engines"); run it with Node 24 (actions/setup-node in CI)`;
}
