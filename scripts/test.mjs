// The whole test command: type check, lint, conformance gates and self-tests side by side, each lane's output kept together, ending with the last lines of every lane that failed, so the tail of a CI log says what broke. With --quick (npm run test:quick), the developer's loop: no gates, and only the self-tests that start no process, run or browser.
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import concurrently from 'concurrently';

const quick = process.argv.includes('--quick');
// The self-tests come last: vitest ends its output with the failed tests' details and its summary.
const lanes = [
  { name: 'typecheck', command: 'npm:typecheck' },
  { name: 'lint', command: 'npm:lint' },
  ...(quick ? [] : [{ name: 'gates', command: 'npm:test:conformance' }]),
  { name: 'self-tests', command: quick ? 'npx vitest run --config vitest.quick.config.ts' : 'npx vitest run' },
];
const RECAP_LINES = 60;

// Every run of the command keeps its caches (vitest's transformed modules, the build's provenance) in
// this clone: in the user's cache directory, a run of another clone or of an installed package (another
// lockfile) empties vitest's cache under the runs reading it.
const cacheDir =
  process.env.CLOUDCONF_CACHE_DIR || fileURLToPath(new URL('../node_modules/.cache/cloudconf', import.meta.url));
const env = { CLOUDCONF_CACHE_DIR: cacheDir };

const { commands, result } = concurrently(
  lanes.map((lane) => ({ ...lane, env })),
  { group: true, timings: true, prefix: 'name' },
);
const output = commands.map((command) => {
  const chunks = [];
  command.stdout.subscribe((chunk) => chunks.push(chunk));
  command.stderr.subscribe((chunk) => chunks.push(chunk));
  return chunks;
});

const linesOf = (chunks) => Buffer.concat(chunks).toString('utf8').trimEnd().split('\n');
// vitest's heading of each failed test's details (` FAIL  file > test`), colours aside.
const failHeading = (line) => /^\s*FAIL\s/.test(stripVTControlCharacters(line));

result.then(
  () => process.exit(0),
  (closeEvents) => {
    for (const event of closeEvents.filter((closed) => closed.exitCode !== 0)) {
      const how = event.killed ? 'was stopped' : `exited with ${event.exitCode}`;
      const lines = linesOf(output[event.index]);
      const failed = lines.filter(failHeading);
      console.log(
        `\n== npm ${quick ? 'run test:quick' : 'test'}: ${event.command.name} ${how}${failed.length ? `; ${failed.length} failed:` : ''}`,
      );
      for (const line of failed) console.log(`[${event.command.name}] ${line}`);
      console.log(`== its last ${RECAP_LINES} lines:`);
      for (const line of lines.slice(-RECAP_LINES)) console.log(`[${event.command.name}] ${line}`);
    }
    process.exit(1);
  },
);
