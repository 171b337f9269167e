// Procedures of the tag life cycle: a created tag exists, a refused create makes none, a deleted tag is gone from every object.

import { opOf } from '../../conventions/sample.js';
import {
  acceptedWith2xx,
  described,
  type Exchange,
  failed,
  rejectedWith4xx,
  type WrittenContext,
} from '../../support/author.js';
import { createTag, maybeInstance, tagLabel, untagged } from './objects.js';

/** An id no account holds: the caller has no access to it at all (the encoding's reading of the rule). */
const NOBODY_S_INSTANCE = 2_147_483_000;

const objectsOf = (ctx: WrittenContext, label: string) =>
  ctx.kit.send(opOf('tags/objects'), { params: { tagLabel: label } });

/** The tag's object list answers: the tag exists. */
const exists = (e: Exchange, label: string) =>
  acceptedWith2xx(e).ok === true
    ? ({ ok: true } as const)
    : failed('tag-exists', `the object list of tag ${label} (a 2xx)`, described(e), 'A created tag exists.', e);

/** The tag's object list is refused: the tag does not exist. */
const absent = (e: Exchange, label: string, hint: string) =>
  rejectedWith4xx(e).ok === true
    ? ({ ok: true } as const)
    : failed('tag-absent', `no tag ${label} (its object list refused)`, described(e), hint, e);

export async function createListed(ctx: WrittenContext) {
  const { kit } = ctx;
  const label = tagLabel(ctx, 'bare');
  const e = await createTag(ctx, { label, nodes: [], domains: [], nodebalancers: [], volumes: [] });
  if (!kit.check(acceptedWith2xx(e), 'creating a tag that lists no object')) return;
  kit.check(exists(await objectsOf(ctx, label), label), 'reading the new tag');
  const other = tagLabel(ctx, 'plain');
  if (kit.check(acceptedWith2xx(await createTag(ctx, { label: other })), 'creating a tag with a label only')) {
    kit.check(exists(await objectsOf(ctx, other), other), 'reading the tag made with a label only');
  }
}

export async function requiresReadWrite(ctx: WrittenContext) {
  const { kit } = ctx;
  const label = tagLabel(ctx, 'refused');
  const mine = await maybeInstance(ctx);
  const nodes = mine === undefined ? [NOBODY_S_INSTANCE] : [mine, NOBODY_S_INSTANCE];
  kit.check(
    rejectedWith4xx(await createTag(ctx, { label, nodes })),
    `tagging instances ${nodes.join(', ')}, the last inaccessible`,
  );
  kit.check(absent(await objectsOf(ctx, label), label, 'A refused Tag Create creates no tag.'), 'after the refusal');
  if (mine !== undefined) await untagged(ctx, mine, label);
}

export async function deleteRemoves(ctx: WrittenContext) {
  const { kit } = ctx;
  const label = tagLabel(ctx, 'gone');
  const mine = await maybeInstance(ctx);
  const body = mine === undefined ? { label } : { label, nodes: [mine] };
  if (!kit.check(acceptedWith2xx(await createTag(ctx, body)), 'creating the tag to delete')) return;
  const del = await kit.send(opOf('tags/delete'), { params: { tagLabel: label } });
  if (!kit.check(acceptedWith2xx(del), 'deleting the tag')) return;
  kit.check(
    absent(await objectsOf(ctx, label), label, 'After Tag Delete the tag no longer exists.'),
    'after the delete',
  );
  if (mine !== undefined) await untagged(ctx, mine, label);
}
