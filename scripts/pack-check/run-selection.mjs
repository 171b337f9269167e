// Run by scripts/pack-check.mjs inside a project that installed the tarball: a selection run through the package's exports, judged by the results object it returns.

import { runSelection } from 'cloudconf';

const results = await runSelection({ only: 'tags', reportDir: 'api-out', seed: '1' });
if (!results || results.summary.pass === 0 || results.summary.fail || results.summary.error) process.exitCode = 1;
console.log(JSON.stringify(results?.summary));
