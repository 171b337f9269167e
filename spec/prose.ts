// Constructors of the requirements an area file writes from prose, and of the subjects they name.

import { source } from './build.js';
import type { Family, Level, Part, Requirement, Subject } from './types.js';

/** The constructor of one part's requirements written from prose; each area file makes its own with its part. */
export const proseOf =
  (part: Part) =>
  (
    id: string,
    level: Level,
    text: string,
    subject: Subject,
    family: Family,
    section: string,
    convention = false,
  ): Requirement => ({
    id,
    level,
    text,
    source: source(part, section),
    subject,
    family,
    ...(convention ? { convention: true } : {}),
  });

export const on = (operation: string, field?: string): Subject => ({
  kind: 'operation',
  operation,
  ...(field ? { field } : {}),
});
export const onResource = (resource: string, field?: string): Subject => ({
  kind: 'resource',
  resource,
  ...(field ? { field } : {}),
});
export const onTransition = (table: string, transition: string): Subject => ({
  kind: 'state-table',
  table,
  transition,
});
