// The `serve` command: the reference server as a fake for client developers, with CORS, a request log, a HAR file, fixtures and the OpenAPI document at a URL.

import { readFileSync, writeFileSync } from 'node:fs';
import { type Command, InvalidArgumentError, Option } from 'commander';
import { catalogueSummary } from '../reference/banner.js';
import { faults } from '../reference/faults.js';
import { loadFixtures } from '../reference/fixtures.js';
import { HarRecorder } from '../reference/har.js';
import { type LogFormat, logLine } from '../reference/request-log.js';
import type { ServedExchange } from '../reference/served.js';
import { OPENAPI_PATH, startReferenceServer } from '../reference/server.js';
import * as parse from './parse-options.js';

interface ServeOptions {
  port: string;
  host: string;
  token?: string;
  actionDelayMs: string;
  fault: string[];
  control: boolean;
  cors: string | false;
  corsControl?: boolean;
  log: LogFormat;
  quiet?: boolean;
  har?: string;
  fixtures?: string;
}

/** `*` or an origin (`http://localhost:5173`): what a browser sends as Origin. */
function corsOrigin(value: string): string {
  if (value === '*') return value;
  if (URL.canParse(value) && new URL(value).origin === value) return value;
  throw new InvalidArgumentError('expected * or an origin such as http://localhost:5173 (scheme, host, port; no path)');
}

function readFixtures(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`fixtures ${file}: ${(error as Error).message}`);
  }
}

export function registerServe(cli: Command): void {
  cli
    .command('serve')
    .description('start the reference server; prints its {base_url} on the first line, then one line per request')
    .option('--port <n>', 'port to listen on (0 picks a free one)', parse.port, '8080')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--token <token>', "the owner's full-scope token (random when absent)")
    .option(
      '--action-delay-ms <n>',
      'how long asynchronous actions stay in their transitional state',
      parse.nonNegativeInteger,
      '0',
    )
    .option(
      '--fault <name>',
      'switch on a named defect (repeatable)',
      parse.repeatableChoice(
        faults.map((f) => f.name),
        'fault',
      ),
      [],
    )
    .option('--no-control', 'turn off the control interface under /__cloudconf')
    .addOption(
      new Option('--cors [origin]', 'answer browsers from this origin (default: any)')
        .default('*')
        .preset('*')
        .argParser(corsOrigin),
    )
    .option('--no-cors', 'no CORS headers: browsers on other origins cannot call the server')
    .option('--cors-control', 'let cross-origin pages use the control interface too (closed by default)')
    .addOption(new Option('--log <format>', 'request log format on stdout').choices(['text', 'json']).default('text'))
    .option('--quiet', 'no request log')
    .option('--har <file>', 'write every exchange to this HAR file when the server stops')
    .option('--fixtures <file>', 'create the entities of this JSON file at start (see README)')
    .action(async (options: ServeOptions) => serve(options));
}

async function serve(options: ServeOptions): Promise<void> {
  const fixtures = options.fixtures ? readFixtures(options.fixtures) : undefined;
  const har = options.har ? new HarRecorder() : undefined;
  const log = (x: ServedExchange) => {
    if (!options.quiet) process.stdout.write(`${logLine(x, options.log)}\n`);
    har?.add(x);
  };
  const server = await startReferenceServer({
    port: Number(options.port),
    host: options.host,
    ...(options.token ? { token: options.token } : {}),
    actionDelayMs: Number(options.actionDelayMs),
    control: options.control,
    faults: options.fault,
    ...(options.cors === false ? {} : { cors: { origin: options.cors, control: options.corsControl === true } }),
    onExchange: log,
  });
  if (fixtures !== undefined) {
    try {
      loadFixtures(server.world, server.token, fixtures);
    } catch (error) {
      await server.close();
      throw error;
    }
  }
  const origin = server.baseUrl.slice(0, -'/v4'.length);
  process.stdout.write(`${server.baseUrl}\n`);
  process.stderr.write(
    [
      `beta: ${server.betaUrl}`,
      `token: ${options.token ? '(as given)' : server.token}`,
      `control: ${options.control ? `${origin}/__cloudconf` : 'off'}`,
      `cors: ${options.cors === false ? 'off' : options.cors}${options.corsControl ? ' (control too)' : ''}`,
      `openapi: ${origin}${OPENAPI_PATH}`,
      ...catalogueSummary(server.baseUrl),
      '',
    ].join('\n'),
  );
  await new Promise<void>((resolve) => {
    const stop = () =>
      void server.close().then(() => {
        if (har && options.har) writeFileSync(options.har, `${JSON.stringify(har.toHar(origin), null, 2)}\n`);
        resolve();
      });
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
