// A warm cloudconf for the self-tests: one Node process that runs command after command in-process, as the run hosts (run-hosts.ts) send them over IPC, so that a self-test's run skips Node's start and the load of the module graph.

import { loadMain } from '../load-main.mjs';
import { activeResources, lingeringSince } from './lingering.mjs';

/**
 * How long a command's resources may take to close after it returned. A process whose command
 * leaves a timer, socket or server behind does not end by itself: the host reports what is left,
 * as the test of a real process would find it still running.
 */
const SETTLE_MS = 10_000;

const main = await loadMain();
// The same module instance main loaded (tsx resolves both to the source file): the secrets it learned.
const { processRedactor } = await import(new URL('../../http/redact.ts', import.meta.url).href);

/** Sends what the command writes to a stream to the run hosts as it comes, instead of to the stream. */
function capture(stream, kind) {
  const write = stream.write;
  stream.write = (chunk, encoding, callback) => {
    process.send({ kind, text: typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8') });
    const done = typeof encoding === 'function' ? encoding : callback;
    if (done) process.nextTick(done);
    return true;
  };
  return () => {
    stream.write = write;
  };
}

/** The command's environment in place of the host's (mutated, not replaced: process.env stays Node's own object). */
function useEnvironment(env) {
  const own = { ...process.env };
  const become = (next) => {
    for (const name of Object.keys(process.env)) if (!(name in next)) delete process.env[name];
    Object.assign(process.env, next);
  };
  become(env);
  return () => become(own);
}

async function runCommand({ args, env, cwd }, base) {
  const home = process.cwd();
  const restoreEnvironment = useEnvironment(env);
  process.chdir(cwd);
  // Each command starts as a new process would: no exit code set, no secret learned.
  process.exitCode = undefined;
  processRedactor.clear();
  const releases = [capture(process.stdout, 'stdout'), capture(process.stderr, 'stderr')];
  try {
    const code = await main(args);
    const lingering = await lingeringSince(base, SETTLE_MS);
    return { code, lingering };
  } finally {
    for (const release of releases) release();
    process.chdir(home);
    restoreEnvironment();
  }
}

await new Promise((resolve) => setImmediate(resolve));
let base = new Map();
process.on('message', async (command) => {
  const { code, lingering } = await runCommand(command, base);
  process.send({ kind: 'done', code, lingering });
});
base = activeResources();
process.send({ kind: 'ready' });
