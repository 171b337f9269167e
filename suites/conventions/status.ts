// Procedures of the conventional statuses (401, 403, 404, 405, 413, 415) and of the rule that no request gets a 5xx.

import type { Operation, Scope } from '../../spec/types.js';
import {
  conventionalStatus,
  noServerError,
  OfferedSteps,
  type SendOptions,
  scopesWithout,
  sendRequests,
  throughOffered,
  unknownIdFrom,
  type WrittenContext,
} from '../support/author.js';
import { allRejections } from './rejections.js';
import { AUTHENTICATED, BODIES, offRoute, opOf, requestFor } from './sample.js';

const NOT_ISSUED = 'cc-not-a-token';

export async function unauthenticated401(ctx: WrittenContext) {
  await throughOffered(ctx.kit, AUTHENTICATED, async (op) => {
    const request = await requestFor(ctx, op);
    const none = await ctx.kit.send(op, { ...request, token: null });
    ctx.kit.check(conventionalStatus(none, 401), `${op.id} without a token`);
    const bad = await ctx.kit.send(op, { ...request, token: NOT_ISSUED });
    ctx.kit.check(conventionalStatus(bad, 401), `${op.id} with a token the server never issued`);
  });
}

const scoped = (op: Operation): op is Operation & { auth: { scope: Scope } } =>
  op.auth.scope !== 'none' && op.auth.scope !== 'none-listed';

/** A token lacking the scope, and restricted users lacking a global grant or being restricted at all. */
export async function forbidden403(ctx: WrittenContext) {
  const { kit } = ctx;
  const steps = new OfferedSteps(kit);
  const ops = AUTHENTICATED.filter((id) => scoped(opOf(id)));
  await steps.each(ops, async (op) => {
    const scope = op.auth.scope as Scope;
    const credential = await kit.session.credential({ scopes: scopesWithout(scope), key: `without:${scope}` });
    if (!credential) return kit.skip('needs tokens with chosen scopes (use a target with the control interface)');
    const e = await kit.send(op, { ...(await requestFor(ctx, op)), token: credential.token });
    kit.check(conventionalStatus(e, 403), `${op.id} with a token without ${scope}`);
  });
  await steps.each(['vpcs/create', 'stackscripts/create', 'tags/list', 'users/list'], async (op) => {
    const restricted = await kit.session.credential({ restricted: true, key: 'restricted:no-grants' });
    if (!restricted) return kit.skip('needs a restricted user (use a target with the control interface)');
    const e = await kit.send(op, { ...(await requestFor(ctx, op)), token: restricted.token });
    const why = op.access.globalGrant ? `without the ${op.access.globalGrant} grant` : 'for unrestricted users only';
    kit.check(conventionalStatus(e, 403), `${op.id} by a restricted user ${why}`);
  });
  steps.done();
}

export async function notFound404(ctx: WrittenContext) {
  const { kit } = ctx;
  const steps = new OfferedSteps(kit);
  const ids = ['vpcs/view', 'vpcs/update', 'vpcs/subnets/view', 'stackscripts/view', 'managed/contacts/view'];
  await steps.each(ids, async (op) => {
    const request = await requestFor(ctx, op);
    const last = op.pathParams.at(-1)?.name ?? '';
    const unknown = unknownIdFrom(request.params?.[last]);
    const e = await kit.send(op, { ...request, params: { ...request.params, [last]: unknown } });
    kit.check(conventionalStatus(e, 404), `${op.id} with ${last} ${unknown}`);
  });
  await steps.one('tags/objects', async (op) => {
    const tag = await kit.send(op, { params: { tagLabel: `${kit.session.config.labelPrefix}-none` } });
    kit.check(conventionalStatus(tag, 404), 'objects of a tag that does not exist');
  });
  for (const path of ['/no-such-collection', '/vpcs/1/no-such-thing', '/account/events/1/no-such-action/x']) {
    const e = await kit.send(offRoute(opOf('vpcs/list'), path), {});
    kit.check(conventionalStatus(e, 404), `unknown route GET ${path}`);
  }
  steps.judgedAnyway();
  steps.done();
}

export async function method405(ctx: WrittenContext) {
  const cases: [string, Operation['method']][] = [
    ['vpcs/list', 'PUT'],
    ['vpcs/list', 'DELETE'],
    ['account/view', 'POST'],
    ['events/list', 'DELETE'],
    ['tags/list', 'PUT'],
  ];
  const steps = new OfferedSteps(ctx.kit);
  for (const [id, method] of cases) {
    await steps.one(id, async (base) => {
      // The route's own method first: a wrong method shows nothing at a route the target does not serve.
      await ctx.kit.send(base, await requestFor(ctx, base));
      const e = await ctx.kit.send(offRoute(base, base.path, method), method === 'GET' ? {} : { body: {} });
      ctx.kit.check(conventionalStatus(e, 405, [404]), `${method} ${base.path}`);
    });
  }
  steps.done();
}

/** Just over 2 MiB: far above any documented body (the longest fields hold 65535 characters). */
const OVERSIZED = 2 * 1024 * 1024 + 1;

export async function bodyTooLarge413(ctx: WrittenContext) {
  await throughOffered(ctx.kit, ['vpcs/create', 'stackscripts/create', 'managed/contacts/create'], async (op) => {
    const rawBody = JSON.stringify({ label: 'x', description: 'd'.repeat(OVERSIZED) });
    const e = await ctx.kit.send(op, { ...(await requestFor(ctx, op)), rawBody });
    ctx.kit.check(conventionalStatus(e, 413, [400]), `${op.id} with a ${OVERSIZED}-byte body`);
  });
}

export async function notJson415(ctx: WrittenContext) {
  await throughOffered(ctx.kit, ['vpcs/create', 'vpcs/update', 'stackscripts/create', 'tags/create'], async (op) => {
    const request = await requestFor(ctx, op);
    const { body: _body, ...rest } = request;
    const notJson = await ctx.kit.send(op, { ...rest, rawBody: 'label=x&region=y' });
    ctx.kit.check(conventionalStatus(notJson, 415, [400]), `${op.id}: a body that is not JSON, sent as JSON`);
    const wrongType = await ctx.kit.send(op, {
      ...rest,
      rawBody: JSON.stringify(request.body ?? {}),
      contentType: 'text/plain',
    });
    ctx.kit.check(conventionalStatus(wrongType, 415, [400]), `${op.id}: a JSON body sent as text/plain`);
  });
}

/** Bodies meant to break careless servers: deep nesting, huge numbers, odd unicode, wrong JSON types. */
function hostileBodies(valid: unknown): [string, string][] {
  const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
  // Spliced as text: some of these values (1e400) do not survive JSON.parse and JSON.stringify.
  const others = JSON.stringify({ ...(valid as object), label: undefined }).slice(1);
  const label = (raw: string) => `{"label":${raw}${others === '}' ? '' : ','}${others}`;
  return [
    ['an array nested 100000 deep', deep(100_000)],
    ['a label nested 5000 deep', `{"label":${deep(5000)}}`],
    ['a number too large for a double', label('1e400')],
    ['a 400-digit integer', label(`1${'0'.repeat(400)}`)],
    ['a negative zero', label('-0')],
    ['a lone surrogate', label('"\\ud800x"')],
    ['NUL and control characters', label('"a\\u0000b\\u001f"')],
    ['right-to-left and combining marks', label('"\\u202e\\u0301abc\\ufeff"')],
    ['astral characters', label('"\\ud83d\\ude00\\ud83d\\ude00"')],
    ['null', 'null'],
    ['a bare string', '"x"'],
    ['an array', '[]'],
    ['a number', '42'],
    ['truncated JSON', '{"label": "x'],
    ['duplicate keys', '{"label": "a", "label": 1}'],
    [
      'an object of 10000 keys',
      JSON.stringify(Object.fromEntries(Array.from({ length: 10_000 }, (_x, i) => [`k${i}`, i]))),
    ],
  ];
}

export async function noServerErrors(ctx: WrittenContext) {
  const { kit } = ctx;
  const steps = new OfferedSteps(kit);
  for (const r of await allRejections(ctx, steps)) kit.check(noServerError(r.exchange), r.why);
  await steps.each(BODIES, async (op) => {
    const id = op.id;
    const request = await requestFor(ctx, op);
    const { body, ...rest } = request;
    await sendRequests(
      kit,
      hostileBodies(body),
      ([, rawBody]) => kit.send(op, { ...rest, rawBody }),
      ([why], e) => kit.check(noServerError(e), `${id}: ${why}`),
    );
    const types = ['application/xml', 'multipart/form-data; boundary=x', 'application/json; charset=latin1'];
    await sendRequests(
      kit,
      types,
      (contentType) => kit.send(op, { ...rest, rawBody: JSON.stringify(body ?? {}), contentType }),
      (contentType, e) => kit.check(noServerError(e), `${id}: sent as ${contentType}`),
    );
  });
  await steps.each(['vpcs/list', 'vpcs/view', 'events/list'], async (op) => {
    const id = op.id;
    const request = await requestFor(ctx, op);
    const odd: [string, SendOptions][] = [
      ['page=abc', { ...request, query: { page: 'abc' } }],
      ['page_size=1e309', { ...request, query: { page_size: '1e309' } }],
      ['page=-1', { ...request, query: { page: -1 } }],
      ['page=99999999999999999999', { ...request, query: { page: '99999999999999999999' } }],
    ];
    for (const [why, options] of odd) kit.check(noServerError(await kit.send(op, options)), `${id} ${why}`);
  });
  await steps.one('vpcs/view', async (op) => {
    await kit.send(op, await requestFor(ctx, op));
    for (const value of ['99999999999999999999', '-1', 'abc', '\u{1F600}', '1.5']) {
      const e = await kit.send(op, { params: { vpcId: value }, wrongTypeParams: true });
      kit.check(noServerError(e), `vpcs/view with vpcId ${value}`);
    }
  });
  steps.done();
}
