// Conformance of the tags area (Part 1): one test per requirement.

import { conformance } from '../support/author.js';
import { createListed, deleteRemoves, requiresReadWrite } from './tags/lifecycle.js';
import { allKinds, objectsTagged } from './tags/objects.js';

conformance('tags', {
  'tags/create/listed': createListed,
  'tags/create/requires-read-write-on-objects': requiresReadWrite,
  'tags/delete/removed-from-objects': deleteRemoves,
  'tags/create/objects-tagged': objectsTagged,
  'tags/objects/all-kinds': allKinds,
});
