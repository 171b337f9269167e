// The part of summary.md about the target's litter: what the run deleted at the end, what it could not, and how to remove it later.

import type { RunCleanup } from './delete.js';
import { markdownLines } from './lines.js';

export function cleanupSection(c: RunCleanup | undefined): string[] {
  return c ? markdownLines(c) : [];
}
