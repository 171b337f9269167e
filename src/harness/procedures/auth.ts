// Procedures for the auth and access requirements derived from each operation: tokens, scopes, restricted users, grants.

import fc from 'fast-check';
import { scopeAreas, scopeLevels } from '../../../spec/conventions.js';
import type { Scope } from '../../../spec/types.js';
import { acceptedWith2xx, rejectedWith4xx } from '../../check/status.js';
import { sendRequests } from '../cases-at-once.js';
import { extraSamples, RUNS_PER_ALIKE_SAMPLE } from './generated.js';
import { destroys, type ProcedureContext, validRequest } from './request.js';

const allScopes = scopeAreas.flatMap((a) => scopeLevels.map((l) => `${a}:${l}` as Scope));

/** Every scope except the needed one and any that would include it (`read_write` includes `read_only`). */
export function scopesWithout(needed: Scope): Scope[] {
  const [area] = needed.split(':');
  return allScopes.filter((s) => s !== needed && !(needed.endsWith(':read_only') && s === `${area}:read_write`));
}

/** Built once: a pattern's arbitrary takes milliseconds to build. */
const forgedTokens = fc.stringMatching(/^[0-9a-f]{64}$/);

export async function tokenRequired(ctx: ProcedureContext) {
  const request = await validRequest(ctx, destroys(ctx.op));
  ctx.kit.check(rejectedWith4xx(await ctx.kit.send(ctx.op, { ...request, token: null })), 'no token');
  ctx.kit.check(
    rejectedWith4xx(await ctx.kit.send(ctx.op, { ...request, token: 'cc-not-a-token' })),
    'a token the server never issued',
  );
  // Generated tokens shaped like real ones: a server that accepts any well-formed token fails here.
  await sendRequests(
    ctx.kit,
    extraSamples(ctx.kit, forgedTokens, RUNS_PER_ALIKE_SAMPLE),
    // Sent as a plain header: a made-up token is no secret, and registering each would slow every redaction.
    (token) => ctx.kit.send(ctx.op, { ...request, token: null, headers: { authorization: `Bearer ${token}` } }),
    (_token, e) => ctx.kit.check(rejectedWith4xx(e), 'a forged token'),
  );
}

export async function anonymousAllowed(ctx: ProcedureContext) {
  const request = await validRequest(ctx);
  ctx.kit.check(acceptedWith2xx(await ctx.kit.send(ctx.op, { ...request, token: null })));
}

function neededScope(ctx: ProcedureContext): Scope {
  const scope = ctx.op.auth.scope;
  if (scope === 'none' || scope === 'none-listed') throw new Error(`${ctx.op.id} lists no scope`);
  return scope;
}

export async function scopeRequired(ctx: ProcedureContext) {
  const scope = neededScope(ctx);
  const credential = await ctx.kit.session.credential({ scopes: scopesWithout(scope), key: `without:${scope}` });
  if (!credential)
    return ctx.kit.skip('needs a token with chosen scopes (configure one, or use a target with the control interface)');
  const request = await validRequest(ctx, destroys(ctx.op));
  ctx.kit.check(
    rejectedWith4xx(await ctx.kit.send(ctx.op, { ...request, token: credential.token })),
    `a token without ${scope}`,
  );
}

export async function scopeSufficient(ctx: ProcedureContext) {
  const scope = neededScope(ctx);
  const credential = await ctx.kit.session.credential({ scopes: [scope], key: `only:${scope}` });
  if (!credential)
    return ctx.kit.skip('needs a token with chosen scopes (configure one, or use a target with the control interface)');
  const request = await validRequest(ctx, destroys(ctx.op));
  ctx.kit.check(
    acceptedWith2xx(await ctx.kit.send(ctx.op, { ...request, token: credential.token })),
    `a token with only ${scope}`,
  );
}

export async function unrestrictedOnly(ctx: ProcedureContext) {
  const credential = await ctx.kit.session.credential({
    restricted: true,
    grants: { global: { account_access: 'read_write' } },
    key: 'restricted:account-access',
  });
  if (!credential)
    return ctx.kit.skip('needs a restricted user (configure one, or use a target with the control interface)');
  const request = await validRequest(ctx, destroys(ctx.op));
  ctx.kit.check(
    rejectedWith4xx(await ctx.kit.send(ctx.op, { ...request, token: credential.token })),
    'a restricted user',
  );
}

/** Grant kinds of the entities path parameters name. */
const KIND_OF_PARAM: Record<string, string> = {
  nodeId: 'node',
  vpcId: 'vpc',
  stackscriptId: 'stackscript',
};

function pathEntityGrants(ctx: ProcedureContext, params: Record<string, string | number>) {
  const grants: Record<string, { id: number; permissions: string }[]> = {};
  for (const p of ctx.op.pathParams) {
    const kind = KIND_OF_PARAM[p.name];
    if (kind && params[p.name] !== undefined)
      grants[kind] = [{ id: Number(params[p.name]), permissions: 'read_write' }];
  }
  return grants;
}

/** A restricted user without the global grant is refused; with it, the same request is accepted. */
export async function globalGrant(ctx: ProcedureContext) {
  const grant = ctx.op.access.globalGrant;
  if (!grant) throw new Error(`${ctx.op.id} names no global grant`);
  const request = await validRequest(ctx);
  // Both users may act on the entities in the path (a clone's source): only the global grant differs.
  const onPath = pathEntityGrants(ctx, request.params ?? {});
  const without = await ctx.kit.session.credential({ restricted: true, grants: onPath });
  const withGrant = await ctx.kit.session.credential({
    restricted: true,
    grants: { ...onPath, global: { [grant]: true } },
  });
  if (!without || !withGrant)
    return ctx.kit.skip('needs restricted users with chosen grants (use a target with the control interface)');
  ctx.kit.check(rejectedWith4xx(await ctx.kit.send(ctx.op, { ...request, token: without.token })), `without ${grant}`);
  ctx.kit.check(acceptedWith2xx(await ctx.kit.send(ctx.op, { ...request, token: withGrant.token })), `with ${grant}`);
}

/** A restricted user is refused without the permission on the entity (or with less) and accepted with it. */
export async function entityPermission(ctx: ProcedureContext) {
  const entity = ctx.op.access.entity;
  if (!entity) throw new Error(`${ctx.op.id} names no entity permission`);
  const request = await validRequest(ctx, destroys(ctx.op));
  const id = Number(request.params?.[entity.param]);
  const grant = (permissions: string | null) => ({ [entity.kind]: [{ id, permissions }] });
  const none = await ctx.kit.session.credential({ restricted: true });
  const weaker =
    entity.permission === 'read_write'
      ? await ctx.kit.session.credential({ restricted: true, grants: grant('read_only') })
      : none;
  const enough = await ctx.kit.session.credential({ restricted: true, grants: grant(entity.permission) });
  if (!none || !weaker || !enough)
    return ctx.kit.skip('needs restricted users with chosen grants (use a target with the control interface)');
  ctx.kit.check(
    rejectedWith4xx(await ctx.kit.send(ctx.op, { ...request, token: none.token })),
    `no grant on ${entity.kind} ${id}`,
  );
  if (weaker !== none) {
    ctx.kit.check(
      rejectedWith4xx(await ctx.kit.send(ctx.op, { ...request, token: weaker.token })),
      `read_only on ${entity.kind} ${id}`,
    );
  }
  ctx.kit.check(
    acceptedWith2xx(await ctx.kit.send(ctx.op, { ...request, token: enough.token })),
    `${entity.permission} on ${entity.kind} ${id}`,
  );
}
