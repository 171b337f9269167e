// A support profile: which areas and operations of the API an implementation declares it offers; what a run, the reference server and the reports read of one.

import { areas, operationById, operationOf, operations } from './index.js';
import type { Operation, Requirement } from './types.js';

/**
 * What an implementer declares (`cloudconf.profile.json`, or `profile` in the configuration file):
 * the areas and operation ids it offers; everything else of the API is not offered. The conventions
 * are always required, whatever the profile says.
 */
export interface Profile {
  /** Area names (`vpcs`) and operation ids (`tags/list`) the implementation offers. */
  offers: string[];
  /** Operation ids left out of an area `offers` names. */
  except?: string[];
  /** A line for readers: what the implementation is and why it leaves things out. */
  note?: string;
}

/** The profile of a complete implementation: every area. */
export const COMPLETE_PROFILE: Profile = { offers: areas.map((a) => a.name) };

/** The area that is always required, whatever a profile declares. */
export const ALWAYS_REQUIRED = 'conventions';

/** Whether the profile offers an operation: its area or its id is offered, and it is not an exception. */
export function offersOperation(profile: Profile, op: Operation): boolean {
  if (profile.except?.includes(op.id)) return false;
  return profile.offers.includes(op.area) || profile.offers.includes(op.id);
}

/** Whether a requirement is in the profile: its operation is offered, or (one about no operation) its area offers one. */
export function offersRequirement(profile: Profile, r: Requirement): boolean {
  if (r.area === ALWAYS_REQUIRED) return true;
  const op = operationOf(r);
  if (op) return offersOperation(profile, op);
  return operations.some((o) => o.area === r.area && offersOperation(profile, o));
}

/** What in a profile names nothing of the API (the entries, for a caller to suggest names for). */
export function profileProblems(profile: Profile): { entry: string; problem: string }[] {
  const names = new Set([...areas.map((a) => a.name), ...operations.map((o) => o.id), ALWAYS_REQUIRED]);
  const problems = profile.offers.flatMap((entry) =>
    names.has(entry) ? [] : [{ entry, problem: `offers names ${JSON.stringify(entry)}, no area or operation` }],
  );
  for (const entry of profile.except ?? []) {
    const op = operationById.get(entry);
    if (!op) problems.push({ entry, problem: `except names ${JSON.stringify(entry)}, no operation` });
    else if (!profile.offers.includes(op.area))
      problems.push({ entry, problem: `except names ${entry}, whose area ${op.area} the profile does not offer` });
  }
  return problems;
}
