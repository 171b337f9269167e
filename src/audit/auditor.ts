// The audit engine: matches each recorded exchange to its operation, judges it, and keeps the counts and findings that reports are made from; audit and proxy both feed it.

import type { Finding, Unjudged } from './finding.js';
import { type JudgeOptions, judgeExchange } from './judge.js';
import { OperationIndex } from './match.js';
import type { Recorded } from './recorded.js';

export interface AuditCounts {
  /** Exchanges read. */
  exchanges: number;
  /** Exchanges matched to an operation and judged. */
  judged: number;
  /** Exchanges whose method and path match no operation: counted, never failed. */
  unknown: number;
  /** Exchanges the recording holds no answer for (aborted, upstream unreachable): neither judged nor unknown. */
  unanswered: number;
}

const index = new OperationIndex();

export class Auditor {
  readonly counts: AuditCounts = { exchanges: 0, judged: 0, unknown: 0, unanswered: 0 };
  readonly findings: Finding[] = [];
  /** Per requirement, the number of exchanges some check judged it on. */
  readonly judged = new Map<string, number>();
  /** Per requirement, the exchanges whose answer said the target failed (a 5xx to a request breaking its rule). */
  readonly unjudged: Unjudged = new Map();
  /** Exchanges the checks could not judge (a suite bug, a hostile body): reported, never the target's fault. */
  readonly errors: { index: number; message: string }[] = [];

  constructor(private readonly options: JudgeOptions = {}) {}

  /** Counts an exchange that is not judged (a body past the recording bound), with why: said, never the target's fault. */
  notJudged(index: number, message: string): void {
    this.counts.exchanges += 1;
    this.errors.push({ index, message });
  }

  /** Judges one exchange; returns its findings. */
  add(record: Recorded): Finding[] {
    this.counts.exchanges += 1;
    const e = record.exchange;
    if (!e.response) {
      this.counts.unanswered += 1;
      return [];
    }
    const match = index.match(e.request.method, new URL(e.request.url, 'http://recorded.invalid').pathname);
    if (!match) {
      this.counts.unknown += 1;
      return [];
    }
    this.counts.judged += 1;
    try {
      const { findings } = judgeExchange(record, match, this.judged, this.options, this.unjudged);
      this.findings.push(...findings);
      return findings;
    } catch (error) {
      // A suite bug or a body beyond what the checks can walk: said, never the target's fault.
      this.errors.push({ index: record.index, message: (error as Error).message });
      return [];
    }
  }
}
