// Checks on compute instances as the suite reads them: the status an instance settles in, and the disks, profiles and values it holds.

import { isDeepStrictEqual } from 'node:util';
import { STATUS_NAMES } from '../../spec/part3/instances.js';
import type { Exchange } from '../http/exchange.js';
import { type CheckResult, failed, pass } from './result.js';

/** The conventional instance status names (DECISIONS 10), as the encoding holds them. */
const INSTANCE_STATUSES: readonly string[] = STATUS_NAMES;

/** The instance's `status` is one of `expected`. */
export function instanceStatus(status: unknown, expected: readonly string[], why: string, e?: Exchange): CheckResult {
  if (typeof status === 'string' && expected.includes(status)) return pass;
  return failed('instance-status', `status ${expected.join(' or ')}`, `status ${JSON.stringify(status)}`, why, e);
}

/** The instance's `status` is one of the conventional names. */
export function knownStatusName(status: unknown, e?: Exchange): CheckResult {
  if (typeof status === 'string' && INSTANCE_STATUSES.includes(status)) return pass;
  return failed(
    'instance-status-name',
    `one of ${INSTANCE_STATUSES.join(', ')}`,
    `status ${JSON.stringify(status)}`,
    'Instance status names are the conventional ones (DECISIONS 10).',
    e,
  );
}

/** A collection of an instance (its disks, its profiles) holds `expected` items. */
export function itemCount(items: readonly unknown[], expected: number, what: string, why: string, e?: Exchange) {
  if (items.length === expected) return pass;
  return failed('item-count', `${expected} ${what}`, `${items.length} ${what}`, why, e);
}

/** Two collections hold the same values, in any order (the labels of cloned disks, the tags of a clone). */
export function sameMembers(
  actual: readonly unknown[],
  expected: readonly unknown[],
  what: string,
  why: string,
  e?: Exchange,
): CheckResult {
  const sort = (xs: readonly unknown[]) => xs.map((x) => JSON.stringify(x)).sort();
  if (isDeepStrictEqual(sort(actual), sort(expected))) return pass;
  return failed('same-members', `${what}: ${JSON.stringify(expected)}`, `${what}: ${JSON.stringify(actual)}`, why, e);
}

/** A value differs from the one it must not take (an existing clone target keeps its own region). */
export function valueKept(actual: unknown, kept: unknown, what: string, why: string, e?: Exchange): CheckResult {
  if (isDeepStrictEqual(actual, kept)) return pass;
  return failed('value-kept', `${what} still ${JSON.stringify(kept)}`, `${what} ${JSON.stringify(actual)}`, why, e);
}

/** A value the service assigns when the request leaves it out (a default label): a non-empty string. */
export function valueAssigned(value: unknown, what: string, why: string, e?: Exchange): CheckResult {
  if (typeof value === 'string' && value.length > 0) return pass;
  return failed('value-assigned', `a ${what} given by the service`, `${what} ${JSON.stringify(value)}`, why, e);
}

/** After an upgrade the instance has left its deprecated type (the documents give no way to read which type succeeds it). */
export function typeUpgraded(type: unknown, deprecated: string, e?: Exchange): CheckResult {
  if (typeof type === 'string' && type !== '' && type !== deprecated) return pass;
  return failed(
    'type-upgraded',
    `a type other than the deprecated ${deprecated}`,
    `type ${JSON.stringify(type)}`,
    'Upgrade allocates the resources of the upgraded type: the instance is no longer of its deprecated type.',
    e,
  );
}
