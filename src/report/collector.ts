// A vitest reporter that collects the outcome each requirement's test recorded, and reports progress as each one is judged.

import type { Reporter, TestCase } from 'vitest/node';
import { noVerdicts, type Outcome, outcomeOf, type Verdict } from '../vocabulary/outcome.js';
import type { Progress } from './terminal.js';

export class OutcomeCollector implements Reporter {
  readonly outcomes = new Map<string, Outcome>();
  private readonly counts: Record<Verdict, number> = noVerdicts();
  private done = 0;

  constructor(
    private readonly total: number,
    private readonly progress: (p: Progress) => void,
  ) {}

  onTestCaseResult(testCase: TestCase): void {
    const recorded = outcomeOf(testCase.meta());
    // Tests filtered out by --only report too, with no outcome: they are not progress.
    if (!recorded) return;
    const timing = testCase.diagnostic();
    const outcome = timing
      ? { ...recorded, durationMs: timing.duration, startedAtMs: Math.round(timing.startTime) }
      : recorded;
    this.outcomes.set(
      outcome.fault === undefined ? outcome.requirement : `${outcome.fault}|${outcome.requirement}`,
      outcome,
    );
    this.done += 1;
    this.counts[outcome.verdict] += 1;
    this.progress({ done: this.done, total: this.total, counts: { ...this.counts }, last: outcome.requirement });
  }
}
