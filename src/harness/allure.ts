// Records a requirement's test for Allure: labels for part, area, level and id, and one step per exchange with its request, response and curl line (every exchange of a requirement that did not pass).

import * as allure from 'allure-js-commons';
import { BaseMessageTestRuntime, getGlobalTestRuntime } from 'allure-js-commons/sdk/runtime';
import type { Requirement } from '../../spec/types.js';
import { curlLine } from '../http/curl.js';
import type { Exchange } from '../http/exchange.js';
import type { Redactor } from '../http/redact.js';
import type { Outcome } from '../vocabulary/outcome.js';

const SEVERITY = { MUST: 'critical', SHOULD: 'normal', MAY: 'minor' } as const;

function stepName(e: Exchange): string {
  const answer = e.response ? String(e.response.status) : (e.transportError?.code ?? 'no answer');
  return `${e.request.method} ${new URL(e.request.url).pathname} → ${answer}`;
}

/**
 * Exchanges of a passing requirement that get their request and response attached; the rest are
 * steps by name only. A generated property sends dozens of near-identical requests, and every
 * attachment is a file the reporter writes on the thread that serves the embedded target.
 */
const ATTACHED_WHEN_PASSING = 1;

/** One exchange as a step; only what is written (the step's name, the attached exchange) goes through the redactor. */
async function recordExchange(exchange: Exchange, attach: boolean, redactor: Redactor): Promise<void> {
  await allure.step(redactor.text(stepName(exchange)), async () => {
    if (!attach) return;
    const e = redactor.deep(exchange);
    await allure.attachment('curl', curlLine(e.request), 'text/plain');
    if (e.request.body !== undefined) await allure.attachment('request body', e.request.body, 'application/json');
    if (e.response)
      await allure.attachment('response', e.response.text, e.response.headers['content-type'] ?? 'text/plain');
    if (e.transportError) await allure.attachment('transport error', e.transportError.message, 'text/plain');
  });
}

/** Labels, description and exchanges of one requirement's test, redacted; a no-op unless the Allure setup file is loaded. */
export async function recordForAllure(
  r: Requirement,
  outcome: Outcome,
  exchanges: Exchange[],
  redactor: Redactor,
): Promise<void> {
  // Without the setup file every call would only log a warning: mutation runs turn Allure off.
  if (!(getGlobalTestRuntime() instanceof BaseMessageTestRuntime)) return;
  await allure.parentSuite(`Part ${r.source.part}`);
  await allure.suite(r.area ?? '');
  await allure.labels(
    { name: 'requirement', value: r.id },
    { name: 'level', value: r.level },
    { name: 'part', value: String(r.source.part) },
    { name: 'area', value: r.area ?? '' },
  );
  await allure.severity(SEVERITY[r.level]);
  await allure.testCaseId(r.id);
  await allure.description(descriptionOf(r, outcome));
  const attachAll = outcome.verdict !== 'pass';
  for (const [i, e] of exchanges.entries()) await recordExchange(e, attachAll || i < ATTACHED_WHEN_PASSING, redactor);
}

function descriptionOf(r: Requirement, outcome: Outcome): string {
  const failures = outcome.failures.map(
    (f) => `- **${f.check}**${f.case ? ` (${f.case})` : ''}: expected ${f.expected}; got ${f.actual}. ${f.hint}`,
  );
  return [
    `**${r.id}** [${r.level}] ${r.text}`,
    `Verdict: **${outcome.verdict}**${outcome.reason ? ` — ${outcome.reason}` : ''}`,
    ...failures,
    `Replay: \`cloudconf run --only ${r.id} --seed ${outcome.seed}\``,
  ].join('\n\n');
}
