// Errors and latency on demand for a client's retry and timeout logic: rules queued through the control interface (the next N matching requests) or asked per request with a `Prefer` header.

import { conventionalStatus } from '../../spec/conventions.js';
import type { World } from './model/world.js';
import { type Answer, jsonAnswer } from './served.js';

/** What to do to one request: answer a status instead, wait first, or drop the connection. */
export interface Injection {
  status?: number;
  /** Seconds, sent as Retry-After with the injected status (a 429 gets 1 when absent). */
  retryAfter?: number;
  delayMs?: number;
  drop?: boolean;
}

export interface InjectionRule extends Injection {
  id: number;
  /** Requests this rule still applies to. */
  remaining: number;
  /** Only requests with this method (any when absent). */
  method?: string;
  /** Only requests whose path starts with this (`/v4/vpcs`; any when absent). */
  pathPrefix?: string;
}

/** Transient statuses a client must cope with, and the error statuses the API documents. */
export const INJECTABLE_STATUSES: readonly number[] = [
  ...new Set([...Object.values(conventionalStatus), 409, 410, 429, 500, 502, 503, 504]),
].sort((a, b) => a - b);
const MAX_DELAY_MS = 600_000;
const MAX_COUNT = 100_000;

const rulesByWorld = new WeakMap<World, InjectionRule[]>();
let nextRuleId = 1;

export const rulesOf = (world: World): InjectionRule[] => {
  let rules = rulesByWorld.get(world);
  if (!rules) {
    rules = [];
    rulesByWorld.set(world, rules);
  }
  return rules;
};

/** Checks the fields of an injection (from a control body or a Prefer header); the reason when invalid. */
export function injectionOf(input: Record<string, unknown>): Injection | string {
  const out: Injection = {};
  if (input.status !== undefined) {
    if (!INJECTABLE_STATUSES.includes(input.status as number))
      return `status must be one of ${INJECTABLE_STATUSES.join(', ')}`;
    out.status = input.status as number;
  }
  if (input.retryAfter !== undefined) {
    if (!Number.isInteger(input.retryAfter) || (input.retryAfter as number) < 0)
      return 'retryAfter must be a non-negative integer (seconds)';
    out.retryAfter = input.retryAfter as number;
  }
  if (input.delayMs !== undefined) {
    const d = input.delayMs as number;
    if (!Number.isInteger(d) || d < 0 || d > MAX_DELAY_MS)
      return `delayMs must be an integer from 0 to ${MAX_DELAY_MS}`;
    out.delayMs = d;
  }
  if (input.drop !== undefined) {
    if (typeof input.drop !== 'boolean') return 'drop must be a boolean';
    if (input.drop) out.drop = true;
  }
  if (out.status === undefined && out.delayMs === undefined && !out.drop)
    return 'give at least one of status, delayMs or drop';
  return out;
}

/** Queues a rule for the next `count` matching requests (1 when absent). */
export function addRule(world: World, input: Record<string, unknown>): InjectionRule | string {
  const injection = injectionOf(input);
  if (typeof injection === 'string') return injection;
  const count = input.count ?? 1;
  if (!Number.isInteger(count) || (count as number) < 1 || (count as number) > MAX_COUNT)
    return `count must be an integer from 1 to ${MAX_COUNT}`;
  if (input.method !== undefined && typeof input.method !== 'string') return 'method must be a string';
  if (input.pathPrefix !== undefined && (typeof input.pathPrefix !== 'string' || !input.pathPrefix.startsWith('/')))
    return 'pathPrefix must be a path starting with /';
  const rule: InjectionRule = { id: nextRuleId++, remaining: count as number, ...injection };
  if (input.method !== undefined) rule.method = (input.method as string).toUpperCase();
  if (input.pathPrefix !== undefined) rule.pathPrefix = input.pathPrefix as string;
  rulesOf(world).push(rule);
  return rule;
}

/** The first queued rule matching a request, used up by one; undefined when none applies. */
export function takeRule(world: World, method: string, path: string): Injection | undefined {
  const rules = rulesByWorld.get(world);
  if (!rules?.length) return undefined;
  const i = rules.findIndex(
    (r) =>
      (r.method === undefined || r.method === method) && (r.pathPrefix === undefined || path.startsWith(r.pathPrefix)),
  );
  const rule = rules[i];
  if (!rule) return undefined;
  rule.remaining -= 1;
  if (rule.remaining === 0) rules.splice(i, 1);
  const { id: _id, remaining: _r, method: _m, pathPrefix: _p, ...injection } = rule;
  return injection;
}

/**
 * The injection a `Prefer` header asks for, after Prism's `Prefer: code=429`: comma- or
 * semicolon-separated `code=<status>`, `retry-after=<s>`, `delay=<ms>` and `drop`. Undefined
 * without any of them; a string saying what is wrong when one is invalid.
 */
export function preferred(header: string | undefined): Injection | string | undefined {
  if (!header) return undefined;
  const input: Record<string, unknown> = {};
  for (const part of header.split(/[,;]/)) {
    const [key = '', value] = part
      .trim()
      .split('=')
      .map((s) => s.trim());
    const n = value === undefined ? Number.NaN : Number(value);
    if (key === 'code') input.status = n;
    else if (key === 'retry-after') input.retryAfter = n;
    else if (key === 'delay') input.delayMs = n;
    else if (key === 'drop') input.drop = true;
  }
  return Object.keys(input).length ? injectionOf(input) : undefined;
}

/** The answer of an injected status: the error body of the API and Retry-After where asked (a 429 always has one). */
export function injectedAnswer(injection: Injection & { status: number }): Answer {
  const retryAfter = injection.retryAfter ?? (injection.status === 429 ? 1 : undefined);
  return jsonAnswer(
    injection.status,
    { errors: [{ reason: `injected by cloudconf: status ${injection.status}` }] },
    retryAfter === undefined ? {} : { 'retry-after': String(retryAfter) },
  );
}

/** How the request log shows an injection. */
export const describeInjection = (i: Injection) =>
  [i.delayMs ? `delay ${i.delayMs}ms` : '', i.status ? `status ${i.status}` : '', i.drop ? 'drop' : '']
    .filter(Boolean)
    .join(', ');
