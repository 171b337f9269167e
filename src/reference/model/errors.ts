// Errors the reference model raises: what went wrong in API terms, never an HTTP status (the server maps kinds to statuses).

export type ModelErrorKind =
  | 'validation'
  | 'unauthenticated'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'busy'
  | 'disabled'
  | 'too-large'
  | 'unsupported-media-type'
  | 'method-not-allowed';

export interface ErrorItem {
  field?: string;
  reason: string;
}

/**
 * An answer, not a bug: it carries no stack trace. Capturing one cost more than the rest of a
 * rejected request together (a conformance run is mostly rejected requests), and no catch site
 * reads it; it is still an Error, so `instanceof Error`, `message` and `toThrow` work as before.
 */
export class ModelError extends Error {
  constructor(
    readonly kind: ModelErrorKind,
    readonly items: ErrorItem[],
    /** A status the documents fix for this case (the HTTP 400 rows of Part 3), overriding the convention. */
    readonly status?: number,
  ) {
    const message = items.map((i) => (i.field ? `${i.field}: ${i.reason}` : i.reason)).join('; ');
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
  }
}

export const invalid = (field: string | undefined, reason: string, status?: number) =>
  new ModelError('validation', [{ ...(field ? { field } : {}), reason }], status);
export const notFound = (what = 'Not found') => new ModelError('not-found', [{ reason: what }]);
export const forbidden = (reason = 'Unauthorized') => new ModelError('forbidden', [{ reason }]);
export const conflict = (reason: string, field?: string) =>
  new ModelError('conflict', [{ ...(field ? { field } : {}), reason }]);
export const busy = (reason: string) => new ModelError('busy', [{ reason }]);
