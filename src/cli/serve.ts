// What the `serve` command runs (declared in serve-command.ts): the reference server as a fake for client developers, with CORS, a request log, a HAR file, fixtures and the OpenAPI document at a URL.

import { writeFileSync } from 'node:fs';
import type { Profile } from '../../spec/profile.js';
import { FILE_BOUNDS, readBoundedText } from '../http/bounded-file.js';
import { catalogueSummary } from '../reference/banner.js';
import { loadFixtures } from '../reference/fixtures.js';
import { HarRecorder } from '../reference/har.js';
import { type LogFormat, logLine } from '../reference/request-log.js';
import type { ServedExchange } from '../reference/served.js';
import { OPENAPI_PATH, startReferenceServer } from '../reference/server.js';

export interface ServeOptions {
  port: string;
  host: string;
  token?: string;
  actionDelayMs: string;
  fault: string[];
  variant: string[];
  control: boolean;
  cors: string | false;
  corsControl?: boolean;
  log: LogFormat;
  quiet?: boolean;
  har?: string;
  fixtures?: string;
  offer: string[];
  profile?: string;
  unofferedStatus: '404' | '501';
  /** What `--offer` or `--profile` made of the partial implementation to play. */
  offerProfile?: Profile;
}

function readFixtures(file: string): unknown {
  try {
    return JSON.parse(readBoundedText(file, FILE_BOUNDS.recording, 'the fixtures file'));
  } catch (error) {
    throw new Error(`fixtures ${file}: ${(error as Error).message}`);
  }
}

export async function serve(options: ServeOptions): Promise<void> {
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
    variants: options.variant,
    ...(options.cors === false ? {} : { cors: { origin: options.cors, control: options.corsControl === true } }),
    onExchange: log,
    ...(options.offerProfile
      ? { offer: { profile: options.offerProfile, status: options.unofferedStatus === '501' ? 501 : 404 } }
      : {}),
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
      `page: ${options.control ? `${origin}/ (what the fake holds, its latest requests)` : 'off'}`,
      ...(options.variant.length ? [`variants: ${options.variant.join(', ')}`] : []),
      `cors: ${options.cors === false ? 'off' : options.cors}${options.corsControl ? ' (control too)' : ''}`,
      `openapi: ${origin}${OPENAPI_PATH}`,
      ...(options.offerProfile
        ? [
            `offers: ${options.offerProfile.offers.join(', ')} and the conventions; the rest answers ${options.unofferedStatus}`,
          ]
        : []),
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
