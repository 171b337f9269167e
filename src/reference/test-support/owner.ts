// For the reference server's self-tests: a world with one owner and an all-scopes token, and requests sent through the pipeline as the server would.

import { operationById } from '../../../spec/index.js';
import type { Operation } from '../../../spec/types.js';
import { World } from '../model/world.js';
import { handle } from '../pipeline.js';
import { handlers } from '../routes/index.js';

export function asOwner(faults: readonly string[] = []) {
  const world = new World(new Set(faults));
  const account = world.createAccount('owner', 'owner@example.com');
  const token = world.issueToken(account, 'owner', ['*'], 'owner-token');
  /** Sends a body as it is written (`5.0` stays `5.0`). */
  const sendRaw = (id: string, rawBody: string, params: Record<string, string> = {}) =>
    handle(world, handlers, {
      op: operationById.get(id) as Operation,
      params,
      query: new URLSearchParams(),
      token,
      contentType: 'application/json',
      rawBody,
    });
  const send = (id: string, body: unknown, params: Record<string, string> = {}) =>
    sendRaw(id, JSON.stringify(body), params);
  return { world, send, sendRaw };
}
