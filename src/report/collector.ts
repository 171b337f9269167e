// A vitest reporter that collects the outcome each requirement's test recorded, and shows a progress line while the run goes.

import type { Reporter, TestCase } from 'vitest/node';
import { type Outcome, outcomeOf } from '../suite/outcome.js';

export class OutcomeCollector implements Reporter {
  readonly outcomes = new Map<string, Outcome>();
  private done = 0;

  constructor(
    private readonly total: number,
    private readonly progress: (line: string) => void,
  ) {}

  onTestCaseResult(testCase: TestCase): void {
    const outcome = outcomeOf(testCase.meta());
    // Tests filtered out by --only report too, with no outcome: they are not progress.
    if (!outcome) return;
    this.outcomes.set(
      outcome.fault === undefined ? outcome.requirement : `${outcome.fault}|${outcome.requirement}`,
      outcome,
    );
    this.done += 1;
    if (this.done % 25 === 0 || this.done === this.total)
      this.progress(`${this.done}/${this.total} requirements judged`);
  }
}
