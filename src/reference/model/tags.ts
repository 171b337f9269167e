// Tags of the reference server: all-or-nothing create over the four kinds of taggable object, the objects carrying a tag, and delete from every object; no HTTP types.

import { conflict, invalid, notFound } from './errors.js';
import { removeDeleted } from './seams.js';
import { type Account, type Principal, timestamp } from './world.js';

/** The body arrays of Tag Create, one per kind of taggable object. */
export const TAGGABLE_KINDS = ['domains', 'nodes', 'nodebalancers', 'volumes'] as const;
export type TaggableKind = (typeof TAGGABLE_KINDS)[number];

/** The `type` each kind shows in the tagged-objects list. */
export const taggedType: Record<TaggableKind, string> = {
  domains: 'domain',
  nodes: 'node',
  nodebalancers: 'nodebalancer',
  volumes: 'volume',
};

/** An object that carries tags; the area owning it keeps `tags` in its record. */
export interface Taggable {
  id: number;
  tags: string[];
}

/**
 * How the tags model finds objects of one kind; model/wiring.ts registers the instances model for
 * `nodes`. Kinds without a source have no objects, so every id is unknown.
 */
export interface TaggableSource {
  /** The object with this id on the caller's account when the caller may read_write it. */
  writable(p: Principal, id: number): Taggable | undefined;
}

const sources = new Map<TaggableKind, TaggableSource>();

/** Lets an area's objects be tagged; a later registration replaces an earlier one, and returns it (a test puts it back). */
export function registerTaggable(kind: TaggableKind, source: TaggableSource): TaggableSource | undefined {
  const earlier = sources.get(kind);
  sources.set(kind, source);
  return earlier;
}

export interface TaggedObject {
  kind: TaggableKind;
  object: Taggable;
}

export interface Tag {
  label: string;
  created: string;
  /** By `${kind}:${id}`, so attaching twice keeps one entry. */
  objects: Map<string, TaggedObject>;
}

export type TagInput = { label: string } & Partial<Record<TaggableKind, number[]>>;

const store = (account: Account) => account.store('tags', () => new Map<string, Tag>());
const keyOf = (kind: TaggableKind, object: Taggable) => `${kind}:${object.id}`;

export const listTags = (p: Principal): Tag[] => [...store(p.account).values()];

export function getTag(p: Principal, label: string): Tag {
  const tag = store(p.account).get(label);
  if (!tag) throw notFound('Tag not found');
  return tag;
}

/** The objects carrying the tag, in the order they were tagged. */
export function taggedObjects(p: Principal, label: string): TaggedObject[] {
  const objects = [...getTag(p, label).objects.values()];
  return p.account.world.fault('tag-objects-missing') ? objects.slice(1) : objects;
}

function newTag(account: Account, label: string): Tag {
  const tag: Tag = { label, created: timestamp(account.world.now()), objects: new Map() };
  store(account).set(label, tag);
  return tag;
}

function attach(tag: Tag, kind: TaggableKind, object: Taggable): void {
  if (!object.tags.includes(tag.label)) object.tags.push(tag.label);
  tag.objects.set(keyOf(kind, object), { kind, object });
}

/** Every listed object, resolved before anything changes; the first the caller may not write names its field. */
function resolveListed(p: Principal, input: TagInput): TaggedObject[] {
  const found: TaggedObject[] = [];
  for (const kind of TAGGABLE_KINDS) {
    for (const id of new Set(input[kind] ?? [])) {
      const object = sources.get(kind)?.writable(p, id);
      if (!object) throw invalid(kind, `You need read_write access to ${taggedType[kind]} ${id} to tag it`);
      found.push({ kind, object });
    }
  }
  return found;
}

/** Creates the tag on every listed object, or nothing at all when any of them is not writable by the caller. */
export function createTag(p: Principal, input: TagInput): Tag {
  const { world } = p.account;
  if (store(p.account).has(input.label)) throw conflict(`Tag ${input.label} already exists`, 'label');
  let listed: TaggedObject[];
  try {
    listed = resolveListed(p, input);
  } catch (error) {
    if (world.fault('tag-create-partial')) newTag(p.account, input.label);
    throw error;
  }
  const tag = world.fault('tag-create-not-stored')
    ? { label: input.label, created: timestamp(world.now()), objects: new Map() }
    : newTag(p.account, input.label);
  for (const { kind, object } of listed) attach(tag, kind, object);
  return tag;
}

/** Removes the tag from every object carrying it, then the tag itself. */
export function deleteTag(p: Principal, label: string): void {
  const tag = getTag(p, label);
  const { world } = p.account;
  if (!world.fault('tag-delete-keeps-objects')) {
    for (const { object } of tag.objects.values()) object.tags = object.tags.filter((t) => t !== label);
  }
  removeDeleted(world, () => store(p.account).delete(label));
}

// ---- For the areas owning taggable objects (Part 3 instances) ----

/** Puts a tag on an object, creating the tag when the account does not have it yet. */
export function tagObject(account: Account, label: string, kind: TaggableKind, object: Taggable): void {
  attach(store(account).get(label) ?? newTag(account, label), kind, object);
}

/** Takes a tag off an object; the tag itself stays. */
export function untagObject(account: Account, label: string, kind: TaggableKind, object: Taggable): void {
  object.tags = object.tags.filter((t) => t !== label);
  store(account).get(label)?.objects.delete(keyOf(kind, object));
}

/** An object is gone: no tag lists it any longer. */
export function forgetTagged(account: Account, kind: TaggableKind, object: Taggable): void {
  for (const label of object.tags) store(account).get(label)?.objects.delete(keyOf(kind, object));
}
