// What the StackScript procedures share: creating a StackScript as some caller, viewing it, and the gate on making one public.

import {
  type Credential,
  type Exchange,
  type Fixtures,
  hintsFor,
  type Kit,
  sampleOne,
  validBody,
} from '../../support/author.js';
import { operation } from './list-all.js';

export const ops = {
  list: operation('stackscripts/list'),
  create: operation('stackscripts/create'),
  view: operation('stackscripts/view'),
  update: operation('stackscripts/update'),
  remove: operation('stackscripts/delete'),
};

export interface Made {
  id: number;
  exchange: Exchange;
}

/** A valid create body with `is_public` as chosen (the encoding states no default). */
export function scriptBody(kit: Kit, isPublic: boolean, overrides: Record<string, unknown> = {}) {
  const generated = sampleOne(validBody(ops.create, hintsFor(kit.session, ops.create)), kit.session.nextSeed());
  return { ...(generated as Record<string, unknown>), is_public: isPublic, ...overrides };
}

/**
 * Creates a StackScript as the run's token, or as `who`; one of the run's account is deleted at the
 * end (`fixtures`). Skips when the target refuses a valid create: the clause then cannot be judged.
 */
export async function createScript(
  kit: Kit,
  options: { isPublic?: boolean; who?: Credential; fixtures?: Fixtures; overrides?: Record<string, unknown> } = {},
): Promise<Made> {
  const body = scriptBody(kit, options.isPublic ?? false, options.overrides);
  const e = await kit.send(ops.create, { body, ...(options.who ? { token: options.who.token } : {}) });
  const id = (e.response?.json as { id?: unknown } | undefined)?.id;
  if (e.response?.status !== 200 || typeof id !== 'number') {
    return kit.skip(
      `StackScript Create refused a valid body (${e.response?.status ?? 'no answer'}): nothing to test on`,
    );
  }
  options.fixtures?.track(ops.remove, { stackscriptId: String(id) });
  return { id, exchange: e };
}

export const viewScript = (kit: Kit, id: number, token?: string | null) =>
  kit.send(ops.view, { params: { stackscriptId: String(id) }, ...(token === undefined ? {} : { token }) });

export const updateScript = (kit: Kit, id: number, body: Record<string, unknown>, token?: string) =>
  kit.send(ops.update, { params: { stackscriptId: String(id) }, body, ...(token === undefined ? {} : { token }) });

/** Deletes a private StackScript made in another account, which the run's cleanup cannot reach. */
export async function removeScript(kit: Kit, id: number, who: Credential): Promise<void> {
  await kit.send(ops.remove, { params: { stackscriptId: String(id) }, token: who.token });
}

/**
 * The owner of a second account to hold public StackScripts, which can never be deleted: only in
 * full mode and on a target with the control interface, so the litter stays on a throwaway account.
 * Answers the reason when there is none.
 */
export async function publisherOrReason(kit: Kit): Promise<Credential | string> {
  if (kit.session.config.mode !== 'full') {
    return 'making a StackScript public is irreversible and it can then never be deleted: only in full mode';
  }
  const owner = await kit.session.otherAccount('stackscripts-public');
  return (
    owner ??
    'a public StackScript can never be deleted: it is only made in a second account minted through the control interface, which this target lacks'
  );
}

/** The publisher, or the requirement ends `skipped` with the reason. */
export async function publisher(kit: Kit): Promise<Credential> {
  const owner = await publisherOrReason(kit);
  return typeof owner === 'string' ? kit.skip(owner) : owner;
}

/**
 * A StackScript of the publisher's account made public the documented way (created private, then
 * updated); skips when that does not work, since the clauses that use it judge what follows.
 */
export async function publicScript(kit: Kit, owner: Credential): Promise<number> {
  const { id } = await createScript(kit, { who: owner });
  await updateScript(kit, id, { is_public: true }, owner.token);
  const view = await viewScript(kit, id, owner.token);
  if (record(view)?.is_public !== true) {
    await removeScript(kit, id, owner);
    return kit.skip('a StackScript could not be made public on this target (see stackscripts/update/make-public)');
  }
  return id;
}

export const record = (e: Exchange) => e.response?.json as Record<string, unknown> | undefined;
