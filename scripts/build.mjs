// Builds the package's JavaScript into dist/ (run by `npm pack` through prepack), so an installed cloudconf compiles nothing when it starts.

import { execFileSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

rmSync(`${root}dist`, { recursive: true, force: true });
execFileSync(process.execPath, [tsc, '-p', `${root}tsconfig.build.json`], { stdio: 'inherit' });
// What the built modules read beside themselves at run time.
cpSync(`${root}src/report/assets`, `${root}dist/src/report/assets`, { recursive: true });
for (const schema of ['src/target/config.schema.json', 'src/report/results.schema.json']) {
  cpSync(`${root}${schema}`, `${root}dist/${schema}`);
}
