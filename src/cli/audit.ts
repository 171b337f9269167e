// `cloudconf audit FILE`: judges recorded traffic (HAR or JSON lines) with every check a single exchange can feed, writes the reports of a run, and returns the exit code.

import { resolve } from 'node:path';
import { Auditor } from '../audit/auditor.js';
import type { Finding } from '../audit/finding.js';
import { readRecording } from '../audit/read.js';
import type { Recording } from '../audit/recorded.js';
import { RecordingRedactor } from '../audit/redact.js';
import { auditResults, auditSummary } from '../audit/results.js';
import type { Exchange } from '../http/exchange.js';
import { inertLine } from '../http/inert.js';
import { processRedactor, redactLine } from '../http/redact.js';
import { shellWord } from '../report/replay.js';
import { writeReports } from '../report/write.js';
import { parseScopes } from './scopes-option.js';

export interface AuditOptions {
  json?: boolean;
  reportDir: string;
  scopes?: string;
}

/** Where the command writes: results on `out` (stdout), problems on `err` (stderr). */
export interface Io {
  out: (text: string) => void;
  err: (line: string) => void;
}

/** Violations printed to the terminal; the reports and `--json` hold them all. */
const SHOWN = 20;

/** A line of target text for the terminal: secrets hidden, control characters escaped. */
export const shownLine = (text: string) => inertLine(redactLine(text));

export const findingLine = (f: Finding) =>
  `  #${f.index} ${f.verdict.toUpperCase()} ${f.requirement}: ${shownLine(f.message)}`;

function terminalText(auditor: Auditor, dir: string): string {
  const { exchanges, judged, unknown, unanswered } = auditor.counts;
  const fails = auditor.findings.filter((f) => f.verdict === 'fail').length;
  return [
    `${exchanges} exchanges: ${judged} judged, ${unknown} unknown${unanswered ? `, ${unanswered} without an answer` : ''}; ${auditor.findings.length} violations (${fails} fail, ${auditor.findings.length - fails} non-strict)`,
    ...auditor.findings.slice(0, SHOWN).map(findingLine),
    ...(auditor.findings.length > SHOWN ? [`  ... and ${auditor.findings.length - SHOWN} more`] : []),
    `reports: ${resolve(dir, 'summary.md')}, results.json, junit.xml`,
  ].join('\n');
}

/** 1 when a MUST is broken; else 2 when lines or entries could not be read or judged; else 0. */
export async function audit(file: string, options: AuditOptions, io: Io): Promise<number> {
  const out = (text: string) => io.out(redactLine(text));
  const err = (line: string) => io.err(shownLine(line));
  const startedAt = new Date();
  let recording: Recording;
  let scopes: string[] | undefined;
  try {
    scopes = options.scopes === undefined ? undefined : parseScopes(options.scopes);
    recording = readRecording(file);
  } catch (error) {
    // An unreadable file or a usage error: said in one line, never a stack trace.
    err(`cloudconf audit: ${(error as Error).message}`);
    return 2;
  }
  for (const u of recording.unreadable) err(`cloudconf audit: ${u.where} (index ${u.index}) skipped: ${u.message}`);
  const auditor = new Auditor(scopes ? { scopes } : {});
  // Credentials, cookies and passwords of the traffic are hidden in all that is kept or shown. The
  // traffic is judged as it was sent: a password learnt from one body would otherwise rewrite
  // another body's values (a description that contains it) before it is judged.
  const redactor = new RecordingRedactor();
  const since = new Map<Exchange, number>();
  const shown = new WeakMap<Exchange, Exchange>();
  for (const record of recording.records) {
    const clean = redactor.redact(record.exchange);
    since.set(clean, redactor.seen);
    shown.set(record.exchange, clean);
    auditor.add(record);
  }
  for (const f of auditor.findings)
    f.failure.exchanges = f.failure.exchanges.map((e) => {
      const clean = shown.get(e) ?? e;
      return redactor.late(clean, since.get(clean) ?? 0);
    });
  for (const x of auditor.errors) err(`cloudconf audit: exchange ${x.index} could not be judged: ${x.message}`);
  const results = auditResults(auditor, {
    target: `audit of ${file}`,
    startedAt,
    replay: `npx cloudconf audit ${shellWord(file)}${scopes ? ` --scopes ${shellWord(scopes.join(','))}` : ''}`,
  });
  writeReports(resolve(options.reportDir), processRedactor.deep(results));
  out(options.json ? JSON.stringify(auditSummary(auditor)) : terminalText(auditor, options.reportDir));
  if (results.summary.fail > 0) return 1;
  return recording.unreadable.length > 0 || auditor.errors.length > 0 ? 2 : 0;
}
