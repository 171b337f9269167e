// The part of summary.md about the target's litter: what the run deleted at the end, what it could not, and how to remove it later.

import type { RunCleanup } from './delete.js';

export function cleanupSection(c: RunCleanup | undefined): string[] {
  if (!c) return [];
  const lines = ['', '## Cleanup', ''];
  if (c.interrupted)
    lines.push(`The run was interrupted by ${c.interrupted}; requirements not finished are errors.`, '');
  lines.push(
    `Deleted at the end: ${c.deleted}. Left on the target: ${c.left.length}. Label prefix of the run: \`${c.prefix}\`.`,
  );
  if (c.left.length || c.unread?.length) {
    lines.push('', `Remove later with \`cloudconf cleanup --prefix ${c.prefix}\`:`, '');
    for (const l of c.left) lines.push(`- \`${l.request}\`${l.label ? ` (${l.label})` : ''}: ${l.reason}`);
    for (const u of c.unread ?? []) lines.push(`- not searched: ${u}`);
  }
  return lines;
}
