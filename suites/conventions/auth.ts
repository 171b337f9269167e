// Procedures of the authentication conventions: the run's bearer token accepted everywhere, tokens never issued refused, read_write covering read_only.

import type { scopeAreas } from '../../spec/conventions.js';
import type { Scope } from '../../spec/types.js';
import { acceptedWith2xx, rejectedWith4xx, throughOffered, type WrittenContext } from '../support/author.js';
import { AUTHENTICATED, requestFor } from './sample.js';

export async function bearerAccepted(ctx: WrittenContext) {
  await throughOffered(ctx.kit, AUTHENTICATED, async (op) => {
    const e = await ctx.kit.send(op, await requestFor(ctx, op));
    ctx.kit.check(acceptedWith2xx(e), `${op.id} with the run's personal access token as Bearer`);
  });
}

/** Tokens the server never issued: made up, and the run's own token altered. */
export async function invalidTokenRefused(ctx: WrittenContext) {
  const own = ctx.kit.session.config.token;
  const forged = ['cc-not-a-token', `${own}x`, own.slice(0, -1)];
  const distinct = [...new Set(forged)].filter((t) => t !== own && t.length > 0);
  await throughOffered(ctx.kit, AUTHENTICATED, async (op) => {
    const request = await requestFor(ctx, op);
    for (const [i, token] of distinct.entries()) {
      const e = await ctx.kit.send(op, { ...request, token });
      ctx.kit.check(rejectedWith4xx(e), `${op.id} with forged token #${i + 1}`);
    }
  });
}

/** One operation per area whose documented scope is `<area>:read_only`. */
const READ_ONLY_OPS = ['tags/list', 'stackscripts/view', 'vpcs/ips/list-all', 'events/list', 'billing/invoices/list'];

export async function readWriteIncludesReadOnly(ctx: WrittenContext) {
  const { kit } = ctx;
  await throughOffered(kit, READ_ONLY_OPS, async (op) => {
    const scope = op.auth.scope as Scope;
    const area = scope.split(':')[0] as (typeof scopeAreas)[number];
    const writer: Scope = `${area}:read_write`;
    const credential = await kit.session.credential({ scopes: [writer], key: `only:${writer}` });
    if (!credential) return kit.skip('needs tokens with chosen scopes (use a target with the control interface)');
    const e = await kit.send(op, { ...(await requestFor(ctx, op)), token: credential.token });
    kit.check(acceptedWith2xx(e), `${op.id} (needs ${scope}) with a token holding only ${writer}`);
  });
}
