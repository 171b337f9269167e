// Procedures of the HTTP-level conventions (issue 17 item 6): Allow on a 405, the JSON media type, the Bearer challenge, HEAD where GET is.

import { literalPaths, operations } from '../../spec/index.js';
import type { Operation } from '../../spec/types.js';
import {
  allowListsRouteMethods,
  bearerChallenge,
  headLikeGet,
  jsonMediaType,
  optionsListsRouteMethods,
  type WrittenContext,
} from '../support/author.js';
import { allRejections } from './rejections.js';
import { LISTS, offRoute, opOf, requestFor, VIEWS } from './sample.js';

/** The methods the documents give a path: every operation at that path and root. */
const routeMethods = (op: Operation) =>
  operations.filter((o) => o.root === op.root && o.path === op.path).map((o) => o.method);

/** A route and a method it does not take, with and without path parameters. */
const WRONG_METHODS: [string, string][] = [
  ['vpcs/list', 'PUT'],
  ['vpcs/list', 'DELETE'],
  ['vpcs/view', 'POST'],
  ['account/view', 'POST'],
  ['account/view', 'DELETE'],
  ['events/list', 'DELETE'],
  ['tags/list', 'PUT'],
  ['stackscripts/view', 'POST'],
];

export async function allow405(ctx: WrittenContext) {
  for (const [id, method] of WRONG_METHODS) {
    const base = opOf(id);
    const request = await requestFor(ctx, base);
    const wrong = offRoute(base, base.path, method as Operation['method']);
    const e = await ctx.kit.send(wrong, { params: request.params ?? {}, body: {} });
    ctx.kit.check(allowListsRouteMethods(e, routeMethods(base)), `${method} ${base.path}`);
  }
}

const METHODS: Operation['method'][] = ['GET', 'POST', 'PUT', 'DELETE'];

/**
 * Each path whose literal segment stands beside a sibling's parameter (`literalPaths`, read from the
 * operation paths) is asked OPTIONS and every method it does not take, with real path parameters:
 * each answer must be the literal resource's, never the sibling's reading of the segment as an id.
 */
export async function literalResources(ctx: WrittenContext) {
  const { kit } = ctx;
  let tried = 0;
  for (const resource of literalPaths) {
    const op = opOf(resource.operation);
    const params = await ctx.fixtures.paramsFor(kit, op);
    if (!params) continue;
    tried += 1;
    const at = (method: string) => offRoute(op, op.path, method as Operation['method']);
    const options = await kit.send(at('OPTIONS'), { params });
    kit.check(optionsListsRouteMethods(options, resource.methods), `OPTIONS ${resource.path}`);
    for (const method of METHODS.filter((m) => !resource.methods.includes(m))) {
      const e = await kit.send(at(method), {
        params,
        ...(method === 'GET' || method === 'DELETE' ? {} : { body: {} }),
      });
      kit.check(allowListsRouteMethods(e, resource.methods), `${method} ${resource.path}`);
    }
  }
  if (tried === 0) kit.skip('no path parameters could be had for any literal resource');
}

export async function jsonMediaTypeEverywhere(ctx: WrittenContext) {
  const { kit } = ctx;
  for (const id of [...VIEWS, ...LISTS.slice(0, 4), 'vpcs/create']) {
    const op = opOf(id);
    kit.check(jsonMediaType(await kit.send(op, await requestFor(ctx, op))), id);
  }
  for (const r of (await allRejections(ctx)).slice(-12)) kit.check(jsonMediaType(r.exchange), r.why);
  const list = opOf('vpcs/list');
  kit.check(jsonMediaType(await kit.send(offRoute(list, list.path, 'PUT'), { body: {} })), `405 of PUT ${list.path}`);
  kit.check(jsonMediaType(await kit.send(offRoute(list, '/no-such-collection'), {})), '404 of an unknown route');
}

export async function wwwAuthenticate401(ctx: WrittenContext) {
  for (const id of ['vpcs/list', 'account/view', 'stackscripts/create', 'events/list']) {
    const op = opOf(id);
    const request = await requestFor(ctx, op);
    ctx.kit.check(bearerChallenge(await ctx.kit.send(op, { ...request, token: null })), `${id} without a token`);
    const bad = await ctx.kit.send(op, { ...request, token: 'cc-not-a-token' });
    ctx.kit.check(bearerChallenge(bad), `${id} with a token the server never issued`);
  }
}

export async function headWhereGet(ctx: WrittenContext) {
  for (const id of [...VIEWS.slice(0, 3), 'vpcs/list', 'tags/list', 'kernels/list']) {
    const op = opOf(id);
    const request = await requestFor(ctx, op);
    const get = await ctx.kit.send(op, request);
    const head = await ctx.kit.send(offRoute(op, op.path, 'HEAD' as Operation['method']), request);
    ctx.kit.check(headLikeGet(head, get), `HEAD ${op.path}`);
  }
}
