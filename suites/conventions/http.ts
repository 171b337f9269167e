// Procedures of the HTTP-level conventions (issue 17 item 6): Allow on a 405, the JSON media type, the Bearer challenge, HEAD where GET is.

import { literalPaths, operations } from '../../spec/index.js';
import { collectionsAbove } from '../../spec/paths.js';
import { offersOperation } from '../../spec/profile.js';
import type { Operation } from '../../spec/types.js';
import {
  allowListsRouteMethods,
  bearerChallenge,
  headLikeGet,
  jsonMediaType,
  OfferedSteps,
  optionsListsRouteMethods,
  throughOffered,
  type WrittenContext,
} from '../support/author.js';
import { allRejections } from './rejections.js';
import { LISTS, offRoute, opOf, requestFor, VIEWS } from './sample.js';

/** The methods the documents give a path that the declared profile offers: every such operation at that path and root. */
const routeMethods = (ctx: WrittenContext, op: Operation) =>
  operations
    .filter((o) => o.root === op.root && o.path === op.path)
    .filter((o) => !ctx.kit.session.config.profile || offersOperation(ctx.kit.session.config.profile, o))
    .map((o) => o.method);

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
  const steps = new OfferedSteps(ctx.kit);
  for (const [id, method] of WRONG_METHODS) {
    await steps.one(id, async (base) => {
      const request = await requestFor(ctx, base);
      // The route's own method first: a wrong method shows nothing at a route the target does not serve.
      await ctx.kit.send(base, request);
      const wrong = offRoute(base, base.path, method as Operation['method']);
      const e = await ctx.kit.send(wrong, { params: request.params ?? {}, body: {} });
      ctx.kit.check(allowListsRouteMethods(e, routeMethods(ctx, base)), `${method} ${base.path}`);
    });
  }
  steps.done();
}

const METHODS: Operation['method'][] = ['GET', 'POST', 'PUT', 'DELETE'];

/**
 * Each path whose literal segment stands beside a sibling's parameter (`literalPaths`, read from the
 * operation paths) is asked OPTIONS and every method it does not take, with real path parameters:
 * each answer must be the literal resource's, never the sibling's reading of the segment as an id.
 */
export async function literalResources(ctx: WrittenContext) {
  const { kit } = ctx;
  const steps = new OfferedSteps(kit);
  for (const resource of literalPaths) {
    await steps.one(resource.operation, async (op) => {
      const params = await ctx.fixtures.paramsFor(kit, op);
      if (!params) return kit.skip('no path parameters could be had for any literal resource');
      // A read first, of the resource or the collection above it: other methods show nothing at a route the target does not serve.
      const read = op.method === 'GET' ? op : collectionsAbove(op, operations)[0];
      if (read)
        await kit.send(read, {
          params: Object.fromEntries(read.pathParams.map((p) => [p.name, params[p.name] ?? ''])),
        });
      // What the resource takes, as far as the declared profile offers it.
      const methods = routeMethods(ctx, op);
      const at = (method: string) => offRoute(op, op.path, method as Operation['method']);
      const options = await kit.send(at('OPTIONS'), { params });
      kit.check(optionsListsRouteMethods(options, methods), `OPTIONS ${resource.path}`);
      for (const method of METHODS.filter((m) => !methods.includes(m))) {
        const e = await kit.send(at(method), {
          params,
          ...(method === 'GET' || method === 'DELETE' ? {} : { body: {} }),
        });
        kit.check(allowListsRouteMethods(e, methods), `${method} ${resource.path}`);
      }
    });
  }
  steps.done();
}

export async function jsonMediaTypeEverywhere(ctx: WrittenContext) {
  const { kit } = ctx;
  const steps = new OfferedSteps(kit);
  await steps.each([...VIEWS, ...LISTS.slice(0, 4), 'vpcs/create'], async (op) => {
    kit.check(jsonMediaType(await kit.send(op, await requestFor(ctx, op))), op.id);
  });
  for (const r of (await allRejections(ctx, steps)).slice(-12)) kit.check(jsonMediaType(r.exchange), r.why);
  const list = opOf('vpcs/list');
  kit.check(jsonMediaType(await kit.send(offRoute(list, list.path, 'PUT'), { body: {} })), `405 of PUT ${list.path}`);
  kit.check(jsonMediaType(await kit.send(offRoute(list, '/no-such-collection'), {})), '404 of an unknown route');
  steps.judgedAnyway();
  steps.done();
}

export async function wwwAuthenticate401(ctx: WrittenContext) {
  await throughOffered(ctx.kit, ['vpcs/list', 'account/view', 'stackscripts/create', 'events/list'], async (op) => {
    const request = await requestFor(ctx, op);
    ctx.kit.check(bearerChallenge(await ctx.kit.send(op, { ...request, token: null })), `${op.id} without a token`);
    const bad = await ctx.kit.send(op, { ...request, token: 'cc-not-a-token' });
    ctx.kit.check(bearerChallenge(bad), `${op.id} with a token the server never issued`);
  });
}

export async function headWhereGet(ctx: WrittenContext) {
  await throughOffered(ctx.kit, [...VIEWS.slice(0, 3), 'vpcs/list', 'tags/list', 'kernels/list'], async (op) => {
    const request = await requestFor(ctx, op);
    const get = await ctx.kit.send(op, request);
    const head = await ctx.kit.send(offRoute(op, op.path, 'HEAD' as Operation['method']), request);
    ctx.kit.check(headLikeGet(head, get), `HEAD ${op.path}`);
  });
}
