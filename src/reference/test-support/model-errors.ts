// For the model self-tests: the ModelError a call throws, as the error itself or as the kind and field a test compares.

import { ModelError } from '../model/errors.js';

/** The ModelError the call throws, or undefined when it returns; any other error is thrown on. */
export function modelErrorOf(fn: () => unknown): ModelError | undefined {
  try {
    fn();
  } catch (error) {
    if (error instanceof ModelError) return error;
    throw error;
  }
  return undefined;
}

/** The ModelError the call must throw; a call that returns fails the test. */
export function rejection(fn: () => unknown): ModelError {
  const error = modelErrorOf(fn);
  if (error === undefined) throw new Error('expected a ModelError');
  return error;
}

/** The kind and first field of the ModelError the call throws, or undefined when it returns. */
export function errorOf(fn: () => unknown): { kind: ModelError['kind']; field: string | undefined } | undefined {
  const error = modelErrorOf(fn);
  return error && { kind: error.kind, field: error.items[0]?.field };
}

/** The kind of the ModelError the call throws, or undefined when it returns. */
export const errorKind = (fn: () => unknown) => modelErrorOf(fn)?.kind;
