// How an area file assembles what it encodes into the AreaSpec the registry reads.

import type { AreaSpec, ErrorCase, EventKind, LimitRow, Part } from './types.js';

type AreaLists = Omit<AreaSpec, 'name' | 'part' | 'operations' | 'requirements' | 'events' | 'errors' | 'limits'>;

/** What an area file gives: its operations and requirements, and whichever other lists it fills. */
export type AreaContents = Pick<AreaSpec, 'operations' | 'requirements'> &
  Partial<AreaLists> & {
    events?: Omit<EventKind, 'part'>[];
    errors?: Omit<ErrorCase, 'part'>[];
    limits?: Omit<LimitRow, 'part'>[];
  };

/** Assembles an area: the lists it does not give are empty, and its event, error and limit rows carry its part. */
export const defineArea = (part: Part, name: string, contents: AreaContents): AreaSpec => ({
  name,
  part,
  resources: contents.resources ?? [],
  operations: contents.operations,
  requirements: contents.requirements,
  stateTables: contents.stateTables ?? [],
  events: (contents.events ?? []).map(({ action, ...row }) => ({ action, part, ...row })),
  errors: (contents.errors ?? []).map(({ id, ...row }) => ({ id, part, ...row })),
  limits: (contents.limits ?? []).map((row) => ({ part, ...row })),
  notShown: contents.notShown ?? [],
  ambiguities: contents.ambiguities ?? [],
});
