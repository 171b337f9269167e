// `cloudconf proxy --upstream URL`: a recording, judging reverse proxy on loopback; on SIGINT or SIGTERM it writes the reports of a run and a redacted HAR of what passed through.

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { harLog } from '../audit/har.js';
import { type RunningProxy, startProxy } from '../audit/proxy.js';
import { auditResults } from '../audit/results.js';
import { processRedactor } from '../http/redact.js';
import { shellWord } from '../report/replay.js';
import { writeReports } from '../report/write.js';
import { findingLine, type Io, shownLine } from './audit.js';
import { parseScopes } from './scopes-option.js';

export interface ProxyCliOptions {
  upstream: string;
  port: string;
  reportDir: string;
  har?: string;
  scopes?: string;
  quiet?: boolean;
}

/** Writes the reports and the HAR of a proxy that has stopped; returns the exit code (1 when a MUST was broken). */
export function writeProxyOutputs(proxy: RunningProxy, options: ProxyCliOptions, startedAt: Date, io: Io): number {
  const dir = resolve(options.reportDir);
  const har = resolve(options.har ?? join(dir, 'recording.har'));
  const results = auditResults(proxy.auditor, {
    target: `proxy to ${options.upstream}`,
    startedAt,
    replay: `npx cloudconf audit ${shellWord(har)}${options.scopes ? ` --scopes ${shellWord(options.scopes)}` : ''}`,
  });
  writeReports(dir, processRedactor.deep(results));
  mkdirSync(dirname(har), { recursive: true });
  writeFileSync(har, `${JSON.stringify(processRedactor.deep(harLog(proxy.recording())))}\n`);
  for (const x of proxy.auditor.errors)
    io.err(shownLine(`cloudconf proxy: exchange ${x.index} could not be judged: ${x.message}`));
  const { exchanges, judged, unknown } = proxy.auditor.counts;
  const fails = proxy.auditor.findings.filter((f) => f.verdict === 'fail').length;
  io.err(
    `${exchanges} exchanges: ${judged} judged, ${unknown} unknown; ${proxy.auditor.findings.length} violations (${fails} fail)\nreports: ${join(dir, 'summary.md')}, results.json, junit.xml\nrecording: ${har}`,
  );
  return results.summary.fail > 0 ? 1 : 0;
}

function usage(options: ProxyCliOptions): string | undefined {
  if (!URL.canParse(options.upstream) || !/^https?:$/.test(new URL(options.upstream).protocol))
    return `--upstream must be an http or https URL, got ${JSON.stringify(options.upstream)}`;
  const port = Number(options.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) return `--port must be 0..65535, got ${options.port}`;
  return undefined;
}

export async function proxy(options: ProxyCliOptions, io: Io): Promise<number> {
  const problem = usage(options);
  let scopes: string[] | undefined;
  try {
    if (problem) throw new Error(problem);
    scopes = options.scopes === undefined ? undefined : parseScopes(options.scopes);
  } catch (error) {
    io.err(`cloudconf proxy: ${(error as Error).message}`);
    return 2;
  }
  const startedAt = new Date();
  const running = await startProxy({
    upstream: options.upstream,
    port: Number(options.port),
    ...(scopes ? { scopes } : {}),
    onFindings: (findings) => {
      if (!options.quiet) for (const f of findings) io.err(findingLine(f));
    },
    onError: (message) => io.err(shownLine(`cloudconf proxy: ${message}`)),
  });
  io.out(running.url);
  io.err(`upstream: ${options.upstream}\nreports on Ctrl-C: ${resolve(options.reportDir)}`);
  await new Promise<void>((done) => {
    const stop = () => done();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await running.close();
  return writeProxyOutputs(running, options, startedAt, io);
}
