// HTTP binding of tags: read the parsed request, call the model, shape the tag records and the tagged-object items.

import type { Instance } from '../model/instances.js';
import type { Tag, Taggable, TaggableKind, TaggedObject } from '../model/tags.js';
import * as tags from '../model/tags.js';
import { caller, type Handlers, type RequestContext } from './context.js';
import { instanceRecord } from './instances.js';

/** The document shows neither record: a tag is its label; a tagged object is `{type, data}` with the object's own record. */
export const tagRecord = (t: Tag) => ({ label: t.label });

/** How each kind's record is shaped in the tagged-objects list: the record of its own area, where it has one. */
const taggedRecords: Partial<Record<TaggableKind, (object: Taggable) => unknown>> = {
  nodes: (object) => instanceRecord((object as Instance).world, object as Instance),
};

export const taggedObjectRecord = ({ kind, object }: TaggedObject) => ({
  type: tags.taggedType[kind],
  data: taggedRecords[kind]?.(object) ?? { id: object.id, tags: [...object.tags] },
});

const tagLabel = (ctx: RequestContext) => String(ctx.params.tagLabel);

export const handlers: Handlers = {
  'tags/list': (ctx) => tags.listTags(caller(ctx)).map(tagRecord),
  'tags/create': (ctx) => tagRecord(tags.createTag(caller(ctx), ctx.body as unknown as tags.TagInput)),
  'tags/delete': (ctx) => {
    tags.deleteTag(caller(ctx), tagLabel(ctx));
    return {};
  },
  'tags/objects': (ctx) => tags.taggedObjects(caller(ctx), tagLabel(ctx)).map(taggedObjectRecord),
};
