// The shape of a fault and the constructors the per-area catalogue files write their entries with.

import { exclusions, partOf, requirementById, requirements } from '../../../spec/index.js';
import type { Family } from '../../../spec/types.js';

export interface Fault<Name extends string = string> {
  name: Name;
  /** API area whose requirements catch it (`conventions` for cross-cutting ones). */
  area: string;
  family: Family;
  /** What the defect breaks, in a sentence. */
  breaks: string;
  /** Requirement ids that must fail when it is on; `cloudconf mutation` runs these. */
  catches: string[];
  /** Why no test can kill it yet: mutation lists it apart instead of failing, until a test can. */
  awaiting?: string;
}

/** The constructor of one area's faults; each name keeps its literal type, from which `FaultName` is derived. */
export const faultsOf =
  (area: string) =>
  <const Name extends string>(name: Name, family: Family, breaks: string, catches: string[]): Fault<Name> => ({
    name,
    area,
    family,
    breaks,
    catches,
  });

/** An event the log drops: `event-missing:<action>` (the event log checks it for every action it records). */
export type EventMissingFault = `event-missing:${string}`;

/** The log drops every `action` event: each requirement derived as an operation recording it must fail. */
export const eventMissing = (area: string, action: string): Fault<EventMissingFault> => ({
  name: `event-missing:${action}`,
  area,
  family: 'event',
  breaks: `does not record ${action}`,
  catches: requirements
    .filter((r) => r.derivation?.kind === 'event' && r.derivation.action === action)
    .map((r) => r.id),
});

/** A body rule switched off by name: any requirement id after `skip:` (the server checks it at run time). */
export type SkipFault = `skip:${string}`;

/** A body rule left unenforced: `skip:<operation id>/<requirement suffix>`, in the family of its requirement. */
export const skipRule = (requirement: string): Fault<SkipFault> => ({
  name: `skip:${requirement}`,
  area: requirement.split('/')[0] ?? '',
  family: requirementById.get(requirement)?.family ?? 'length',
  breaks: `does not enforce ${requirement}`,
  catches: [requirement],
});

const excluded = new Set(exclusions.map((x) => x.requirement));

/**
 * Every cross rule of an area's Part 3 bodies (a field requires, forbids or excludes another; rules
 * over interfaces by purpose), each left unenforced wherever the server checks it: the pipeline and
 * the model both honour `skip:<requirement id>`.
 */
export const crossRuleSkips = (area: string): Fault<SkipFault>[] =>
  requirements
    .filter(
      (r) =>
        r.derived &&
        r.family === 'cross-field' &&
        partOf(r) === 3 &&
        !excluded.has(r.id) &&
        r.id.split('/')[0] === area,
    )
    .map((r) => skipRule(r.id));
