// Procedures of the conventional statuses (401, 403, 404, 405, 413, 415) and of the rule that no request gets a 5xx.

import type { Operation, Scope } from '../../spec/types.js';
import {
  conventionalStatus,
  noServerError,
  type SendOptions,
  scopesWithout,
  sendRequests,
  type WrittenContext,
} from '../support/author.js';
import { allRejections } from './rejections.js';
import { AUTHENTICATED, BODIES, offRoute, opOf, requestFor } from './sample.js';

const NOT_ISSUED = 'cc-not-a-token';

export async function unauthenticated401(ctx: WrittenContext) {
  for (const id of AUTHENTICATED) {
    const op = opOf(id);
    const request = await requestFor(ctx, op);
    const none = await ctx.kit.send(op, { ...request, token: null });
    ctx.kit.check(conventionalStatus(none, 401), `${id} without a token`);
    const bad = await ctx.kit.send(op, { ...request, token: NOT_ISSUED });
    ctx.kit.check(conventionalStatus(bad, 401), `${id} with a token the server never issued`);
  }
}

const scoped = (op: Operation): op is Operation & { auth: { scope: Scope } } =>
  op.auth.scope !== 'none' && op.auth.scope !== 'none-listed';

/** A token lacking the scope, and restricted users lacking a global grant or being restricted at all. */
export async function forbidden403(ctx: WrittenContext) {
  const { kit } = ctx;
  const ops = AUTHENTICATED.map(opOf).filter(scoped);
  for (const op of ops) {
    const credential = await kit.session.credential({
      scopes: scopesWithout(op.auth.scope),
      key: `without:${op.auth.scope}`,
    });
    if (!credential) return kit.skip('needs tokens with chosen scopes (use a target with the control interface)');
    const e = await kit.send(op, { ...(await requestFor(ctx, op)), token: credential.token });
    kit.check(conventionalStatus(e, 403), `${op.id} with a token without ${op.auth.scope}`);
  }
  const restricted = await kit.session.credential({ restricted: true, key: 'restricted:no-grants' });
  if (!restricted) return kit.skip('needs a restricted user (use a target with the control interface)');
  for (const id of ['vpcs/create', 'stackscripts/create', 'tags/list', 'users/list']) {
    const op = opOf(id);
    const e = await kit.send(op, { ...(await requestFor(ctx, op)), token: restricted.token });
    const why = op.access.globalGrant ? `without the ${op.access.globalGrant} grant` : 'for unrestricted users only';
    kit.check(conventionalStatus(e, 403), `${id} by a restricted user ${why}`);
  }
}

const UNKNOWN_ID = 2_147_483_000;

export async function notFound404(ctx: WrittenContext) {
  const { kit } = ctx;
  for (const id of ['vpcs/view', 'vpcs/update', 'vpcs/subnets/view', 'stackscripts/view', 'managed/contacts/view']) {
    const op = opOf(id);
    const request = await requestFor(ctx, op);
    const last = op.pathParams.at(-1)?.name ?? '';
    const e = await kit.send(op, { ...request, params: { ...request.params, [last]: UNKNOWN_ID } });
    kit.check(conventionalStatus(e, 404), `${id} with ${last} ${UNKNOWN_ID}`);
  }
  const tag = await kit.send(opOf('tags/objects'), { params: { tagLabel: `${kit.session.config.labelPrefix}-none` } });
  kit.check(conventionalStatus(tag, 404), 'objects of a tag that does not exist');
  for (const path of ['/no-such-collection', '/vpcs/1/no-such-thing', '/account/events/1/no-such-action/x']) {
    const e = await kit.send(offRoute(opOf('vpcs/list'), path), {});
    kit.check(conventionalStatus(e, 404), `unknown route GET ${path}`);
  }
}

export async function method405(ctx: WrittenContext) {
  const cases: [string, Operation['method']][] = [
    ['vpcs/list', 'PUT'],
    ['vpcs/list', 'DELETE'],
    ['account/view', 'POST'],
    ['events/list', 'DELETE'],
    ['tags/list', 'PUT'],
  ];
  for (const [id, method] of cases) {
    const base = opOf(id);
    const e = await ctx.kit.send(offRoute(base, base.path, method), method === 'GET' ? {} : { body: {} });
    ctx.kit.check(conventionalStatus(e, 405, [404]), `${method} ${base.path}`);
  }
}

/** Just over 2 MiB: far above any documented body (the longest fields hold 65535 characters). */
const OVERSIZED = 2 * 1024 * 1024 + 1;

export async function bodyTooLarge413(ctx: WrittenContext) {
  for (const id of ['vpcs/create', 'stackscripts/create', 'managed/contacts/create']) {
    const op = opOf(id);
    const rawBody = JSON.stringify({ label: 'x', description: 'd'.repeat(OVERSIZED) });
    const e = await ctx.kit.send(op, { ...(await requestFor(ctx, op)), rawBody });
    ctx.kit.check(conventionalStatus(e, 413, [400]), `${id} with a ${OVERSIZED}-byte body`);
  }
}

export async function notJson415(ctx: WrittenContext) {
  for (const id of ['vpcs/create', 'vpcs/update', 'stackscripts/create', 'tags/create']) {
    const op = opOf(id);
    const request = await requestFor(ctx, op);
    const { body: _body, ...rest } = request;
    const notJson = await ctx.kit.send(op, { ...rest, rawBody: 'label=x&region=y' });
    ctx.kit.check(conventionalStatus(notJson, 415, [400]), `${id}: a body that is not JSON, sent as JSON`);
    const wrongType = await ctx.kit.send(op, {
      ...rest,
      rawBody: JSON.stringify(request.body ?? {}),
      contentType: 'text/plain',
    });
    ctx.kit.check(conventionalStatus(wrongType, 415, [400]), `${id}: a JSON body sent as text/plain`);
  }
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
  for (const r of await allRejections(ctx)) kit.check(noServerError(r.exchange), r.why);
  for (const id of BODIES) {
    const op = opOf(id);
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
  }
  for (const id of ['vpcs/list', 'vpcs/view', 'events/list']) {
    const op = opOf(id);
    const request = await requestFor(ctx, op);
    const odd: [string, SendOptions][] = [
      ['page=abc', { ...request, query: { page: 'abc' } }],
      ['page_size=1e309', { ...request, query: { page_size: '1e309' } }],
      ['page=-1', { ...request, query: { page: -1 } }],
      ['page=99999999999999999999', { ...request, query: { page: '99999999999999999999' } }],
    ];
    for (const [why, options] of odd) kit.check(noServerError(await kit.send(op, options)), `${id} ${why}`);
  }
  for (const value of ['99999999999999999999', '-1', 'abc', '\u{1F600}', '1.5']) {
    const e = await kit.send(opOf('vpcs/view'), { params: { vpcId: value }, wrongTypeParams: true });
    kit.check(noServerError(e), `vpcs/view with vpcId ${value}`);
  }
}
