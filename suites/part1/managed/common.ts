// What the managed procedures share: creating a contact, credential or service from a valid generated body, and reading one back.

import type { Operation } from '../../../spec/types.js';
import { type Exchange, type Fixtures, hintsFor, type Kit, sampleOne, validBody } from '../../support/author.js';
import { operation } from '../stackscripts/list-all.js';

export const ops = {
  credentialCreate: operation('managed/credentials/create'),
  credentialList: operation('managed/credentials/list'),
  credentialView: operation('managed/credentials/view'),
  credentialUpdate: operation('managed/credentials/update'),
  credentialSecrets: operation('managed/credentials/update-password'),
  credentialRevoke: operation('managed/credentials/revoke'),
  sshKey: operation('managed/credentials/sshkey'),
  serviceCreate: operation('managed/services/create'),
  serviceView: operation('managed/services/view'),
  serviceDelete: operation('managed/services/delete'),
};

export const record = (e: Exchange) => e.response?.json as Record<string, unknown> | undefined;

/** A label carrying the run's prefix, unique within the run, no longer than `max`. */
export const runLabel = (kit: Kit, max: number) =>
  `${kit.session.config.labelPrefix}-${kit.session.nextSeed().toString(36)}`.slice(0, max);

/** A valid generated body for `op` with `overrides`; an undefined override drops the field. */
export function bodyFor(kit: Kit, op: Operation, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const generated = sampleOne(validBody(op, hintsFor(kit.session, op)), kit.session.nextSeed());
  return Object.fromEntries(
    Object.entries({ ...(generated as Record<string, unknown>), ...overrides }).filter(([, v]) => v !== undefined),
  );
}

/**
 * Creates an entity from a valid generated body with `overrides` (an undefined value drops the
 * field); it is removed at the end through `remove` with `param`. Skips when the target refuses
 * the body, since the clause cannot then be judged.
 */
export async function createManaged(
  kit: Kit,
  fixtures: Fixtures,
  create: Operation,
  remove: { op: Operation; param: string },
  overrides: Record<string, unknown> = {},
): Promise<{ id: number; exchange: Exchange }> {
  const body = bodyFor(kit, create, overrides);
  const e = await kit.send(create, { body });
  const id = record(e)?.id;
  if (e.response?.status !== 200 || typeof id !== 'number') {
    return kit.skip(`${create.name} refused a valid body (${e.response?.status ?? 'no answer'}): nothing to test on`);
  }
  fixtures.track(remove.op, { [remove.param]: id });
  return { id, exchange: e };
}
