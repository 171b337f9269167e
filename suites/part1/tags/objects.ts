// Procedures of tags on objects (instances, the only taggable kind the documents describe): tagged at once, every carrier listed, untagged on delete.

import { opOf } from '../../conventions/sample.js';
import { acceptedWith2xx, type Exchange, failed, SkipRequirement, type WrittenContext } from '../../support/author.js';
import { instance } from '../vpcs/attached.js';

type Json = Record<string, unknown>;

/** Instances are the only taggable objects the documents describe (domains, NodeBalancers, volumes have no operations). */
const NEED = 'needs an instance to tag (Part 3)';

export const tagLabel = (ctx: WrittenContext, what: string) =>
  `${ctx.kit.session.config.labelPrefix}-${what}${ctx.kit.session.nextSeed() % 10000}`;

/** An instance, or undefined where the target cannot make one (the caller then judges what it can without). */
export async function maybeInstance(ctx: WrittenContext, extra: Json = {}): Promise<number | undefined> {
  try {
    return await instance(ctx, extra, NEED);
  } catch (error) {
    if (error instanceof SkipRequirement) return undefined;
    throw error;
  }
}

export async function createTag(ctx: WrittenContext, body: Json): Promise<Exchange> {
  const e = await ctx.kit.send(opOf('tags/create'), { body });
  if ((e.response?.status ?? 0) < 300) ctx.fixtures.track(opOf('tags/delete'), { tagLabel: String(body.label) });
  return e;
}

/** How many objects the tag's object list holds (the items' fields are not shown, so only their number is judged). */
async function objectCount(ctx: WrittenContext, label: string): Promise<{ count: number | undefined; e: Exchange }> {
  const e = await ctx.kit.send(opOf('tags/objects'), { params: { tagLabel: label }, query: { page_size: 100 } });
  const body = e.response?.json as { data?: unknown[]; results?: number } | undefined;
  return { count: Array.isArray(body?.data) ? body.data.length : undefined, e };
}

async function expectCount(ctx: WrittenContext, label: string, expected: number, hint: string) {
  const { count, e } = await objectCount(ctx, label);
  if (count === expected) return;
  ctx.kit.check(
    failed('tag-objects', `${expected} objects carrying tag ${label}`, `${count ?? 'no list'}`, hint, e),
    'the tag’s object list',
  );
}

export async function objectsTagged(ctx: WrittenContext) {
  const nodes = [await instance(ctx, {}, NEED), await instance(ctx, {}, NEED)];
  const label = tagLabel(ctx, 'on');
  if (!ctx.kit.check(acceptedWith2xx(await createTag(ctx, { label, nodes })), `tagging instances ${nodes.join(', ')}`))
    return;
  await expectCount(ctx, label, nodes.length, 'Every object listed in Tag Create carries the tag at once.');
}

/** Objects come to carry a tag by instance create, by instance update and by Tag Create: the list holds them all. */
export async function allKinds(ctx: WrittenContext) {
  const { kit } = ctx;
  const label = tagLabel(ctx, 'all');
  await instance(ctx, { tags: [label] }, NEED);
  const later = await instance(ctx, {}, NEED);
  const update = await kit.send(opOf('instances/update'), { params: { nodeId: later }, body: { tags: [label] } });
  if (!kit.check(acceptedWith2xx(update), `tagging instance ${later} by update`)) return;
  ctx.fixtures.track(opOf('tags/delete'), { tagLabel: label });
  const third = await instance(ctx, {}, NEED);
  const other = tagLabel(ctx, 'mix');
  await createTag(ctx, { label: other, nodes: [third] });
  await expectCount(ctx, label, 2, 'The tag’s object list holds every object carrying the tag.');
  await expectCount(ctx, other, 1, 'The tag’s object list holds every object carrying the tag.');
}

/** Where the target shows an instance's tags, the deleted tag is not among them. */
export async function untagged(ctx: WrittenContext, nodeId: number, label: string) {
  const e = await ctx.kit.send(opOf('instances/view'), { params: { nodeId } });
  const tags = (e.response?.json as Json | undefined)?.tags;
  if (Array.isArray(tags) && tags.includes(label)) {
    ctx.kit.check(
      failed(
        'tag-removed-from-objects',
        `instance ${nodeId} without tag ${label}`,
        `tags ${JSON.stringify(tags)}`,
        'After Tag Delete no object carries the tag.',
        e,
      ),
    );
  }
}
