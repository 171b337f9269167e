// GitHub Actions annotations of a run (`::error` and `::warning` workflow commands): the requirements that fail the run with their first failure, capped as GitHub caps them, every value escaped so no text from the target can end a command or start another.

import { inertLine } from '../http/inert.js';
import { replayCommand } from './replay.js';
import type { RequirementResult, Results } from './results.js';

/** GitHub shows at most 10 error and 10 warning annotations of a step; past that, the last one says how many more. */
export const ANNOTATIONS_PER_KIND = 10;

/** A message longer than this is cut: the job summary and the reports hold the rest. */
const MESSAGE_LIMIT = 1000;

/** Whether this process runs as a step of a GitHub Actions job. */
export const inGitHubActions = (env: NodeJS.ProcessEnv = process.env): boolean => env.GITHUB_ACTIONS === 'true';

/** A workflow command's message: `%`, CR and LF escaped (GitHub's rules), other control characters shown. */
export const escapeData = (text: string): string =>
  inertLine(text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A'));

/** A workflow command's property value: as a message, and `:` and `,` too, which would end the value. */
export const escapeProperty = (text: string): string => escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');

export interface AnnotationOptions {
  /** The file to annotate for a requirement (a path in the workspace), when there is one. */
  fileOf?: (id: string) => string | undefined;
}

function command(kind: 'error' | 'warning', properties: Record<string, string | undefined>, message: string): string {
  const props = Object.entries(properties)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([k, v]) => `${k}=${escapeProperty(v)}`)
    .join(',');
  const cut = message.length > MESSAGE_LIMIT ? `${message.slice(0, MESSAGE_LIMIT)}… (see summary.md)` : message;
  return `::${kind}${props ? ` ${props}` : ''}::${escapeData(cut)}`;
}

/** The first failure of a requirement, or the reason it could not be judged, and how to replay it. */
function messageOf(results: Results, r: RequirementResult): string {
  const f = r.failures[0];
  const what = f
    ? `${f.check}${f.case ? ` (case: ${f.case})` : ''}: expected ${f.expected}; got ${f.actual}. ${f.hint}`
    : (r.reason ?? r.verdict);
  const more = r.failures.length > 1 ? `\n${r.failures.length - 1} more failed case(s) in the reports.` : '';
  return `${r.text}\n${what}${more}\nreplay: ${replayCommand(results, r.id)}`;
}

const TITLE: Record<'fail' | 'error' | 'warning', string> = {
  fail: 'fails',
  error: 'could not be judged',
  warning: 'non-strict (a SHOULD broken)',
};

/** Up to the cap of one kind; when more, the last line says how many more there are. */
function capped(lines: string[], kind: 'error' | 'warning', what: string): string[] {
  if (lines.length <= ANNOTATIONS_PER_KIND) return lines;
  const shown = lines.slice(0, ANNOTATIONS_PER_KIND - 1);
  const rest = lines.length - shown.length;
  return [
    ...shown,
    command(
      kind,
      { title: `cloudconf: ${rest} more ${what}` },
      `${rest} more ${what}: summary.md and index.html list every one.`,
    ),
  ];
}

/**
 * The annotations of a run: an error per requirement that fails it (against a baseline, only the new
 * failures and new errors), a warning per non-strict one that does not, and an error when the run is
 * incomplete; at most ANNOTATIONS_PER_KIND of each kind.
 */
export function githubAnnotations(results: Results, options: AnnotationOptions = {}): string[] {
  const b = results.baseline;
  const worse = b ? new Set([...b.newFailures, ...b.newErrors]) : undefined;
  const failing = (r: RequirementResult) =>
    r.verdict === 'fail' || r.verdict === 'error' || (r.verdict === 'non-strict' && results.strict);
  const errors = results.requirements.filter((r) => failing(r) && (!worse || worse.has(r.id)));
  const warnings = results.requirements.filter(
    (r) => r.verdict === 'non-strict' && !results.strict && (!b || b.newNonStrict.includes(r.id)),
  );
  const line = (kind: 'error' | 'warning', r: RequirementResult) =>
    command(
      kind,
      {
        file: options.fileOf?.(r.id),
        title: `${r.id} [${r.level}] ${TITLE[kind === 'warning' ? 'warning' : r.verdict === 'error' ? 'error' : 'fail']}`,
      },
      messageOf(results, r),
    );
  const incomplete = results.incomplete
    ? [command('error', { title: 'cloudconf: the run is incomplete' }, results.incomplete.reasons.join('\n'))]
    : [];
  return [
    ...capped([...incomplete, ...errors.map((r) => line('error', r))], 'error', 'failing requirement(s)'),
    ...capped(
      warnings.map((r) => line('warning', r)),
      'warning',
      'non-strict requirement(s)',
    ),
  ];
}
