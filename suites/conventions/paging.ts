// Procedures of the envelope and paging conventions, on the sampled lists and on a list whose every item the suite made.

import {
  asEnvelope,
  beyondLastPage,
  defaultPageIsFirst,
  defaultPageSize,
  type Exchange,
  eachItemOnce,
  envelopeCounts,
  envelopeShape,
  OfferedSteps,
  pageIds,
  resultsTotal,
  type SendOptions,
  stableOrder,
  type WrittenContext,
} from '../support/author.js';
import { vpcWithSubnets } from './populated.js';
import { LISTS, opOf, requestFor } from './sample.js';

const SMALL_PAGE = 25;
/** More items than one small page holds, fewer than the default page size. */
const OVER_ONE_PAGE = 30;
/** One more item than the default page size. */
const OVER_DEFAULT_PAGE = 101;

const subnetList = opOf('vpcs/subnets/list');

/** Each sampled list the target offers with a valid request, and what it answered for the given query. */
async function eachList(
  ctx: WrittenContext,
  steps: OfferedSteps,
  query: SendOptions['query'],
  act: (e: Exchange, id: string) => void,
) {
  await steps.each(LISTS, async (op) => {
    const request = await requestFor(ctx, op);
    act(await ctx.kit.send(op, { ...request, ...(query ? { query } : {}) }), op.id);
  });
}

/** Judges through the sampled lists, then (`subnets`) through a list whose every item the test made. */
async function listsThen(
  ctx: WrittenContext,
  lists: (steps: OfferedSteps) => Promise<void>,
  subnets?: () => Promise<void>,
) {
  const steps = new OfferedSteps(ctx.kit);
  await lists(steps);
  if (subnets) await steps.one(subnetList.id, subnets);
  steps.done();
}

export async function envelopeShapeOfLists(ctx: WrittenContext) {
  await listsThen(ctx, async (steps) => {
    await eachList(ctx, steps, undefined, (e, id) => ctx.kit.check(envelopeShape(e), id));
    await eachList(ctx, steps, { page_size: SMALL_PAGE }, (e, id) =>
      ctx.kit.check(envelopeShape(e), `${id} page_size=25`),
    );
  });
}

/** Where the documents show no page bounds (DECISIONS 8): a target may page at a smaller maximum, and its default is its own. */
const boundsNotShown = (id: string) => opOf(id).paging === 'bounds-not-shown';

export async function envelopeCountsOfLists(ctx: WrittenContext) {
  await listsThen(
    ctx,
    (steps) =>
      eachList(ctx, steps, { page: 1, page_size: SMALL_PAGE }, (e, id) =>
        ctx.kit.check(envelopeCounts(e, 1, SMALL_PAGE, boundsNotShown(id)), id),
      ),
    async () => {
      const { vpcId, ids } = await vpcWithSubnets(ctx, OVER_ONE_PAGE);
      for (const page of [1, 2]) {
        const e = await ctx.kit.send(subnetList, { params: { vpcId }, query: { page, page_size: SMALL_PAGE } });
        const which = `subnets of a VPC holding ${ids.length}, page ${page}`;
        ctx.kit.check(envelopeCounts(e, page, SMALL_PAGE), which);
        ctx.kit.check(resultsTotal(e, ids.length), which);
      }
    },
  );
}

/** Shared lists change under other clients, so only a list the suite made is compared item by item. */
export async function defaultPage(ctx: WrittenContext) {
  await listsThen(
    ctx,
    (steps) => eachList(ctx, steps, { page_size: SMALL_PAGE }, (e, id) => ctx.kit.check(defaultPageIsFirst(e), id)),
    async () => {
      const { vpcId, ids } = await vpcWithSubnets(ctx, OVER_ONE_PAGE);
      const without = await ctx.kit.send(subnetList, { params: { vpcId }, query: { page_size: SMALL_PAGE } });
      const first = await ctx.kit.send(subnetList, { params: { vpcId }, query: { page: 1, page_size: SMALL_PAGE } });
      ctx.kit.check(defaultPageIsFirst(without, first), `subnets of a VPC holding ${ids.length}`);
    },
  );
}

export async function defaultPageSizeOfLists(ctx: WrittenContext) {
  if (ctx.kit.session.config.mode !== 'full')
    return ctx.kit.skip('needs a list of more than 100 items the suite makes: runs only in full mode');
  await listsThen(
    ctx,
    (steps) =>
      eachList(ctx, steps, undefined, (e, id) => {
        if (!boundsNotShown(id)) ctx.kit.check(defaultPageSize(e), id);
      }),
    async () => {
      const { vpcId } = await vpcWithSubnets(ctx, OVER_DEFAULT_PAGE);
      const e = await ctx.kit.send(subnetList, { params: { vpcId } });
      ctx.kit.check(defaultPageSize(e), `subnets of a VPC holding ${OVER_DEFAULT_PAGE}`);
    },
  );
}

/** Reads every page of the subnet list at the small page size; the ids in order, and the last answer. */
async function walk(ctx: WrittenContext, vpcId: number): Promise<{ ids: string[]; last?: Exchange; pages: number }> {
  const ids: string[] = [];
  let last: Exchange | undefined;
  let pages = 1;
  for (let page = 1; page <= pages && page <= 50; page++) {
    last = await ctx.kit.send(subnetList, { params: { vpcId }, query: { page, page_size: SMALL_PAGE } });
    pages = asEnvelope(last)?.pages ?? 0;
    for (const item of pageIds(last)) ids.push(item);
  }
  return { ids, pages, ...(last ? { last } : {}) };
}

export async function partition(ctx: WrittenContext) {
  await listsThen(
    ctx,
    async () => {},
    async () => {
      const { vpcId, ids } = await vpcWithSubnets(ctx, OVER_ONE_PAGE);
      const first = await walk(ctx, vpcId);
      ctx.kit.check(eachItemOnce(first.ids, ids, first.last), 'first walk at page_size 25');
      const second = await walk(ctx, vpcId);
      ctx.kit.check(stableOrder(first.ids, second.ids, second.last), 'second walk at page_size 25');
    },
  );
}

export async function beyondLast(ctx: WrittenContext) {
  const subnets = async () => {
    const { vpcId } = await vpcWithSubnets(ctx, OVER_ONE_PAGE);
    const { ids, pages } = await walk(ctx, vpcId);
    const e = await ctx.kit.send(subnetList, { params: { vpcId }, query: { page: pages + 1, page_size: SMALL_PAGE } });
    ctx.kit.check(beyondLastPage(e, ids), `page ${pages + 1} of ${pages}`);
  };
  // The walk first, as before: the sampled lists come after it.
  const steps = new OfferedSteps(ctx.kit);
  await steps.one(subnetList.id, subnets);
  await eachList(ctx, steps, { page: 1000, page_size: SMALL_PAGE }, (x, id) =>
    ctx.kit.check(beyondLastPage(x, []), id),
  );
  steps.done();
}
