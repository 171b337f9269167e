// Faults of tags: each a defect the reference server can switch on, with the requirements that must fail.

import { faultsOf } from './define.js';

const f = faultsOf('tags');

export const tagsFaults = [
  f('tag-create-partial', 'state', 'keeps a tag whose create was refused', [
    'tags/create/requires-read-write-on-objects',
  ]),
  f('tag-create-not-stored', 'persistence', 'does not keep a created tag', ['tags/create/listed']),
  f('tag-delete-keeps-objects', 'state', 'leaves the label on objects after delete', [
    'tags/delete/removed-from-objects',
  ]),
  f('tag-objects-missing', 'behaviour', 'drops an object from the tagged-object list', ['tags/objects/all-kinds']),
];
