// Unit tests of the tags model: all-or-nothing create, the objects carrying a tag, delete from every object, and the hooks for taggable areas.

import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { errorOf } from '../test-support/model-errors.js';
import { ownerWorld } from '../test-support/principals.js';
import {
  createTag,
  deleteTag,
  forgetTagged,
  listTags,
  registerTaggable,
  type Taggable,
  taggedObjects,
  tagObject,
  untagObject,
} from './tags.js';
import { wireModels } from './wiring.js';

/** Instances as Part 3 will register them: objects of the caller's account by id. */
function fakeInstances(...ids: number[]): Map<number, Taggable> {
  const objects = new Map(ids.map((id) => [id, { id, tags: [] as string[] }]));
  registerTaggable('nodes', { writable: (_p, id) => objects.get(id) });
  return objects;
}

const noNodes = { writable: () => undefined };
afterEach(() => registerTaggable('nodes', noNodes));
// The files of a worker share this module: the instances the wiring registers (now, if no file did)
// come back after this file.
wireModels();
const wired = registerTaggable('nodes', noNodes);
afterAll(() => {
  if (wired) registerTaggable('nodes', wired);
});

describe('create', () => {
  test('a tag listing no object is created and listed with no objects', () => {
    const { owner } = ownerWorld();
    createTag(owner, { label: 'prod' });
    expect(listTags(owner).map((t) => t.label)).toEqual(['prod']);
    expect(taggedObjects(owner, 'prod')).toEqual([]);
  });

  test('any listed id of a kind without objects is unknown: error naming the field, no tag created', () => {
    const { owner } = ownerWorld();
    for (const kind of ['nodes', 'domains', 'nodebalancers', 'volumes'] as const) {
      expect(errorOf(() => createTag(owner, { label: 'prod', [kind]: [1234] }))).toEqual({
        kind: 'validation',
        field: kind,
      });
    }
    expect(listTags(owner)).toEqual([]);
  });

  test('listed objects carry the tag at once, each once', () => {
    const { owner } = ownerWorld();
    const nodes = fakeInstances(1, 2);
    createTag(owner, { label: 'web', nodes: [1, 2, 2] });
    expect(taggedObjects(owner, 'web').map((o) => [o.kind, o.object.id])).toEqual([
      ['nodes', 1],
      ['nodes', 2],
    ]);
    expect(nodes.get(1)?.tags).toEqual(['web']);
  });

  test('one object the caller may not write makes the whole create fail and tags nothing', () => {
    const { owner } = ownerWorld();
    const nodes = fakeInstances(1);
    expect(errorOf(() => createTag(owner, { label: 'web', nodes: [1, 99] }))?.field).toBe('nodes');
    expect(listTags(owner)).toEqual([]);
    expect(nodes.get(1)?.tags).toEqual([]);
  });

  test('a label already in use is a conflict naming label', () => {
    const { owner } = ownerWorld();
    createTag(owner, { label: 'prod' });
    expect(errorOf(() => createTag(owner, { label: 'prod' }))).toEqual({ kind: 'conflict', field: 'label' });
  });

  test('the tag-create-partial fault leaves the tag behind after a refused create', () => {
    const { owner } = ownerWorld(['tag-create-partial']);
    expect(errorOf(() => createTag(owner, { label: 'web', nodes: [5] }))?.field).toBe('nodes');
    expect(listTags(owner).map((t) => t.label)).toEqual(['web']);
  });
});

describe('objects and delete', () => {
  test('an unknown tag is not found', () => {
    const { owner } = ownerWorld();
    expect(errorOf(() => taggedObjects(owner, 'nothing'))?.kind).toBe('not-found');
    expect(errorOf(() => deleteTag(owner, 'nothing'))?.kind).toBe('not-found');
  });

  test('delete removes the tag from every object, then the tag', () => {
    const { owner } = ownerWorld();
    const nodes = fakeInstances(1, 2);
    createTag(owner, { label: 'web', nodes: [1, 2] });
    createTag(owner, { label: 'db', nodes: [1] });
    deleteTag(owner, 'web');
    expect(nodes.get(1)?.tags).toEqual(['db']);
    expect(nodes.get(2)?.tags).toEqual([]);
    expect(listTags(owner).map((t) => t.label)).toEqual(['db']);
  });

  test('the tag-delete-keeps-objects fault leaves the label on the objects', () => {
    const { owner } = ownerWorld(['tag-delete-keeps-objects']);
    const nodes = fakeInstances(1);
    createTag(owner, { label: 'web', nodes: [1] });
    deleteTag(owner, 'web');
    expect(nodes.get(1)?.tags).toEqual(['web']);
  });
});

describe('hooks for the areas owning objects', () => {
  test('tagging an object creates the tag; untagging keeps the tag; a forgotten object leaves every tag', () => {
    const { account, owner } = ownerWorld();
    const volume: Taggable = { id: 7, tags: [] };
    tagObject(account, 'fast', 'volumes', volume);
    tagObject(account, 'ssd', 'volumes', volume);
    expect(volume.tags).toEqual(['fast', 'ssd']);
    expect(taggedObjects(owner, 'fast').map((o) => o.object.id)).toEqual([7]);
    untagObject(account, 'fast', 'volumes', volume);
    expect(taggedObjects(owner, 'fast')).toEqual([]);
    forgetTagged(account, 'volumes', volume);
    expect(taggedObjects(owner, 'ssd')).toEqual([]);
  });
});
