// Checks on the error body of a rejection: the documented shape, and the offending field named (DECISIONS 4).

import type { Exchange } from '../http/exchange.js';
import { type CheckResult, described, failed, pass } from './result.js';

interface ErrorItem {
  field?: unknown;
  reason?: unknown;
}

const items = (e: Exchange): ErrorItem[] | undefined => {
  const body = e.response?.json as { errors?: unknown } | undefined;
  return Array.isArray(body?.errors) ? (body.errors as ErrorItem[]) : undefined;
};

/** `{"errors": [{"field"?: string, "reason": string}, ...]}` with at least one item. */
export function errorBodyShape(e: Exchange): CheckResult {
  const list = items(e);
  const ok =
    list !== undefined &&
    list.length > 0 &&
    list.every(
      (i) =>
        typeof i === 'object' &&
        i !== null &&
        typeof i.reason === 'string' &&
        (i.field === undefined || typeof i.field === 'string'),
    );
  if (ok) return pass;
  return failed(
    'error-body-shape',
    '{"errors": [{"field": string (optional), "reason": string}]}',
    described(e),
    'Every failure body is an object with an `errors` array of {field, reason} items.',
    e,
  );
}

/** The ways DECISIONS 4 accepts of naming a nested field: `a[0].b`, `a.0.b`, `a.b`, or the leaf `b`. */
export function acceptedFieldNames(location: string): string[] {
  const dotted = location.replace(/\[(\d+)\]/g, '.$1');
  const generic = location.replace(/\[\d+\]/g, '');
  const leaf = generic.split('.').at(-1) ?? generic;
  return [...new Set([location, dotted, generic, leaf])];
}

/** Some error item's `field` names the offending field. */
export function offendingFieldNamed(e: Exchange, location: string): CheckResult {
  const list = items(e);
  if (!list) return { ok: 'n/a', check: 'error-field-named', why: 'no error body to read' };
  const names = acceptedFieldNames(location);
  if (list.some((i) => typeof i.field === 'string' && names.includes(i.field))) return pass;
  return failed(
    'error-field-named',
    `an error item with field ${names.map((n) => JSON.stringify(n)).join(' or ')}`,
    described(e),
    'On a validation error some error item must name the offending field.',
    e,
  );
}
