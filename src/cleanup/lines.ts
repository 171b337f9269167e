// What the cleanup says about the target's litter, for the terminal and for summary.md: what is left, what was not the run's, and the command that removes the rest; target text made inert.

import { resolve } from 'node:path';
import { inertLine } from '../http/inert.js';
import { plain } from '../http/inert-markdown.js';
import type { Leftover, RunCleanup } from './delete.js';

/**
 * The command that removes what a run left: the journal names every entity the run made (a contact,
 * a payment method, a user minted through the control interface), the prefix what an interruption
 * cut before its answer came. The token comes from CLOUDCONF_TOKEN, as for the run.
 */
export function removalCommandFor(baseUrl: string, prefix: string, journalPath: string): string {
  const quote = (s: string) => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replaceAll("'", "'\\''")}'`);
  return `cloudconf cleanup --base-url ${quote(baseUrl)} --prefix ${quote(prefix)} --journal ${quote(resolve(journalPath))}`;
}

/** The command printed with what is left: the run's own, else (older results) the prefix alone. */
export function removalCommand(c: RunCleanup): string {
  return c.command ?? `cloudconf cleanup --prefix ${c.prefix}`;
}

const item = (l: Leftover, text: (s: string) => string) =>
  `${text(l.request)}${l.label ? ` (${text(l.label)})` : ''}: ${text(l.reason)}`;

/** Terminal lines about the cleanup: what is left and how to remove it later. */
export function terminalLines(c: RunCleanup): string[] {
  const lines: string[] = [];
  if (c.interrupted) lines.push(`interrupted by ${inertLine(c.interrupted)}: requirements not finished are errors`);
  if (c.error) lines.push(`the cleanup stopped before its end: ${inertLine(c.error)}`);
  if (c.kept) lines.push(`kept on the target, as the documents say they cannot be removed in their state: ${c.kept}`);
  for (const l of c.notOurs ?? []) lines.push(`not deleted: ${item(l, inertLine)}`);
  if (c.left.length === 0 && !c.unread?.length && !c.error) return lines;
  lines.push(`left on the target (${c.left.length}), remove later with \`${inertLine(removalCommand(c))}\`:`);
  for (const l of c.left) lines.push(`  ${item(l, inertLine)}`);
  for (const u of c.unread ?? []) lines.push(`  not searched: ${inertLine(u)}`);
  return lines;
}

/** The Cleanup section of summary.md. */
export function markdownLines(c: RunCleanup): string[] {
  const md = plain;
  const lines = ['', '## Cleanup', ''];
  if (c.interrupted)
    lines.push(`The run was interrupted by ${md(c.interrupted)}; requirements not finished are errors.`, '');
  lines.push(
    `Deleted at the end: ${c.deleted}. Left on the target: ${c.left.length}. Label prefix of the run: ${md(c.prefix)}.`,
  );
  if (c.error) lines.push('', `The cleanup stopped before its end: ${md(c.error)}.`);
  if (c.kept) lines.push('', `Kept, as the documents say they cannot be removed in their state: ${c.kept}.`);
  if (c.notOurs?.length) {
    lines.push('', 'Not deleted (the run could not show they are its own, or cannot name them in a request):', '');
    for (const l of c.notOurs) lines.push(`- ${item(l, md)}`);
  }
  if (c.left.length || c.unread?.length || c.error) {
    lines.push('', `Remove later with ${md(removalCommand(c))}:`, '');
    for (const l of c.left) lines.push(`- ${item(l, md)}`);
    for (const u of c.unread ?? []) lines.push(`- not searched: ${md(u)}`);
  }
  return lines;
}
