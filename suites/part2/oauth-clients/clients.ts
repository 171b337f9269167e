// Procedures of OAuth clients written from prose: the secret shown in plaintext only by a reset, a new secret at each reset, the default of `public`, the client ID, and the delete.

import { opOf, runLabel } from '../../conventions/sample.js';
import {
  acceptedWith2xx,
  type Exchange,
  failed,
  noPlaintextSecret,
  notListed,
  rejectedWith4xx,
  secretRenewed,
  type WrittenContext,
} from '../../support/author.js';
import { jsonOf, listAll } from '../users/helpers.js';

export interface ClientMade {
  id: string;
  created: Exchange;
}

/** Registers a client (deleted when the test ends); undefined after recording a refusal or an unusable ID. */
export async function newClient(ctx: WrittenContext, token?: string): Promise<ClientMade | undefined> {
  const { kit } = ctx;
  const body = { label: runLabel(kit, 'oauth'), redirect_uri: 'https://example.com/oauth/callback' };
  const created = await kit.send(opOf('oauth-clients/create'), { body, ...(token ? { token } : {}) });
  const id = jsonOf(created)?.id;
  if (!kit.check(acceptedWith2xx(created), 'registering an OAuth client')) return undefined;
  if (typeof id !== 'string') return kit.skip('the create answer holds no string `id` to name the client by');
  return { id, created };
}

const params = (client: ClientMade) => ({ clientId: client.id });

const viewOf = (ctx: WrittenContext, client: ClientMade) =>
  ctx.kit.send(opOf('oauth-clients/view'), { params: params(client) });

/**
 * The secret a reset answers: the member whose string value the client's view just before did not
 * hold (the documents do not name it). Undefined when the reset is refused or shows no such member.
 */
async function reset(ctx: WrittenContext, client: ClientMade) {
  const shown = jsonOf(await viewOf(ctx, client)) ?? {};
  const e = await ctx.kit.send(opOf('oauth-clients/reset-secret'), { params: params(client) });
  if (!ctx.kit.check(acceptedWith2xx(e), 'resetting the secret')) return undefined;
  const record = jsonOf(e) ?? {};
  const entry = Object.entries(record).find(([k, v]) => typeof v === 'string' && v.length > 0 && shown[k] !== v);
  return { e, member: entry?.[0], secret: entry?.[1] as string | undefined };
}

/** A client with a known current secret: registered, then reset. */
async function clientWithSecret(ctx: WrittenContext) {
  const client = await newClient(ctx);
  if (!client) return undefined;
  const known = await reset(ctx, client);
  if (!known?.secret)
    return ctx.kit.skip(
      'the reset-secret answer shows no value the client view before it lacked: no secret to look for',
    );
  return { client, member: known.member, secret: known.secret };
}

export async function createNoSecret(ctx: WrittenContext) {
  const known = await clientWithSecret(ctx);
  if (known) ctx.kit.check(noPlaintextSecret(known.client.created, undefined, known.member), 'the create answer');
}

export async function listNoSecret(ctx: WrittenContext) {
  const known = await clientWithSecret(ctx);
  if (!known) return;
  const { items, pages } = await listAll(ctx.kit, 'oauth-clients/list');
  if (!items.some((c) => c.id === known.client.id))
    return ctx.kit.skip('the OAuth clients list does not show the client just registered');
  for (const [i, page] of pages.entries())
    ctx.kit.check(noPlaintextSecret(page, known.secret, known.member), `list page ${i + 1}`);
}

export async function viewNoSecret(ctx: WrittenContext) {
  const known = await clientWithSecret(ctx);
  if (known) ctx.kit.check(noPlaintextSecret(await viewOf(ctx, known.client), known.secret, known.member));
}

export async function updateNoSecret(ctx: WrittenContext) {
  const known = await clientWithSecret(ctx);
  if (!known) return;
  const body = { label: runLabel(ctx.kit, 'renamed') };
  const e = await ctx.kit.send(opOf('oauth-clients/update'), { params: params(known.client), body });
  if (ctx.kit.check(acceptedWith2xx(e), 'updating the label'))
    ctx.kit.check(noPlaintextSecret(e, known.secret, known.member));
}

export async function publicDefaultFalse(ctx: WrittenContext) {
  const client = await newClient(ctx);
  if (!client) return;
  const view = await viewOf(ctx, client);
  for (const [e, where] of [
    [client.created, 'the create answer'],
    [view, 'the client view'],
  ] as const) {
    const shown = jsonOf(e)?.public;
    if (shown === true)
      ctx.kit.check(
        failed(
          'public-default',
          'public: false',
          'public: true',
          'A client created without `public` is not public.',
          e,
        ),
        where,
      );
  }
}

export async function clientIdString(ctx: WrittenContext) {
  const { kit } = ctx;
  const created = await kit.send(opOf('oauth-clients/create'), {
    body: { label: runLabel(kit, 'oauth'), redirect_uri: 'https://example.com/oauth/callback' },
  });
  if (!kit.check(acceptedWith2xx(created), 'registering an OAuth client')) return;
  const id = jsonOf(created)?.id;
  if (typeof id !== 'string') {
    const why = 'The client ID is a string.';
    kit.check(failed('client-id-string', 'a string `id`', `id: ${JSON.stringify(id)}`, why, created));
    return;
  }
  kit.check(acceptedWith2xx(await viewOf(ctx, { id, created })), 'viewing the client under the ID answered');
}

export async function returnsNewSecret(ctx: WrittenContext) {
  const client = await newClient(ctx);
  if (!client) return;
  const seen: string[] = [];
  for (const round of [1, 2, 3]) {
    const known = await reset(ctx, client);
    if (!known) return;
    ctx.kit.check(secretRenewed(known.e, known.secret, seen), `reset ${round}`);
    if (known.secret) seen.push(known.secret);
  }
}

export async function clientGone(ctx: WrittenContext) {
  const { kit } = ctx;
  const client = await newClient(ctx);
  if (!client) return;
  const del = await kit.send(opOf('oauth-clients/delete'), { params: params(client) });
  if (!kit.check(acceptedWith2xx(del), 'deleting the client')) return;
  const { items, last } = await listAll(kit, 'oauth-clients/list');
  kit.check(notListed(items, client.id, 'a deleted OAuth client', last));
  kit.check(rejectedWith4xx(await viewOf(ctx, client)), 'viewing the deleted client');
}
