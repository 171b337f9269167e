// What an area's route handlers receive and return: the parsed request in API terms, never raw HTTP.

import type { Operation } from '../../../spec/types.js';
import type { Account, Principal, World } from '../model/world.js';

export interface RequestContext {
  op: Operation;
  world: World;
  /** Absent only on operations that need no token and got none. */
  principal?: Principal;
  /** The caller's account; anonymous calls get undefined. */
  account?: Account;
  /** Path parameters, integers already converted. */
  params: Record<string, string | number>;
  query: Record<string, string>;
  body: Record<string, unknown>;
  /** The uploaded file of an operation whose body is a file (an image), bytes as sent. */
  file?: UploadedFile;
}

export interface UploadedFile {
  contentType: string | undefined;
  bytes: Uint8Array;
}

/** A response that is not JSON (an image): a handler returns it and the server sends the bytes as they are. */
export class RawBody {
  constructor(
    readonly contentType: string,
    readonly bytes: Uint8Array,
  ) {}
}

/**
 * A handler returns the response body; for envelope operations it returns every item and the
 * server pages them.
 */
export type Handler = (ctx: RequestContext) => unknown;

/** An area's handlers by operation id. */
export type Handlers = Record<string, Handler>;

/** The caller of an operation that needs a token (the pipeline guarantees one). */
export function caller(ctx: RequestContext): Principal {
  if (!ctx.principal) throw new Error(`${ctx.op.id}: handler needs a principal`);
  return ctx.principal;
}

export const intParam = (ctx: RequestContext, name: string): number => Number(ctx.params[name]);
