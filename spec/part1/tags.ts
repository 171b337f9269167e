// Tags (Part 1): the four tag operations, for unrestricted users only, with the all-or-nothing create rule and the label limit.

import { defineArea } from '../area.js';
import {
  arr,
  envelopeOf,
  item,
  jsonBody,
  length,
  notShownResponse,
  objectOf,
  operations,
  req,
  scoped,
  source,
  str,
} from '../build.js';
import { on, proseOf } from '../prose.js';
import type { Operation, Requirement } from '../types.js';

const tagSection = 'Resources and their fields > Tag';
const endpointsSection = 'Endpoints > Tags';
const prose = proseOf(1);

/** Tag label bounds on create (Limits: "Tag label"). */
const LABEL = { min: 3, max: 50 } as const;

/** The kinds of object a tag can be attached to on create, each an array of integer IDs. */
const taggable = ['domains', 'nodes', 'nodebalancers', 'volumes'] as const;

const unrestricted = { unrestrictedOnly: true } as const;
const tagLabel = { tagLabel: 'string' } as const;

const ops = operations(1, 'tags', [
  {
    id: 'tags/list',
    name: 'Tags List',
    method: 'GET',
    path: '/tags',
    paging: 'bounded',
    response: envelopeOf(undefined, 'fields of the tag record'),
    auth: scoped('account:read_only'),
    access: unrestricted,
    summary: 'Lists the tags of the account.',
    section: endpointsSection,
  },
  {
    id: 'tags/create',
    name: 'Tag Create',
    method: 'POST',
    path: '/tags',
    body: jsonBody([
      req(str('label', { rules: [length(LABEL.min, LABEL.max)], description: 'the tag' })),
      ...taggable.map((name) => arr(name, item('integer'), { description: `IDs of ${name} to tag immediately` })),
    ]),
    response: objectOf(undefined, 'fields of the new tag record'),
    auth: scoped('account:read_write'),
    access: unrestricted,
    summary: 'Creates a tag, attached at once to the objects listed in the body.',
    section: endpointsSection,
  },
  {
    id: 'tags/delete',
    name: 'Tag Delete',
    method: 'DELETE',
    path: '/tags/{tagLabel}',
    params: tagLabel,
    response: notShownResponse('response body of tag delete'),
    auth: scoped('account:read_write'),
    access: unrestricted,
    effects: ['destructive'],
    summary: 'Removes a tag from all objects and deletes it.',
    section: endpointsSection,
  },
  {
    id: 'tags/objects',
    name: 'Tagged Objects List',
    method: 'GET',
    path: '/tags/{tagLabel}',
    params: tagLabel,
    paging: 'bounded',
    response: envelopeOf(undefined, 'fields of the tagged-object items, which are of mixed types'),
    auth: scoped('account:read_only'),
    access: unrestricted,
    summary: 'Lists every object carrying a tag, of any type.',
    section: endpointsSection,
  },
]);

const requirements: Requirement[] = [
  prose(
    'tags/create/objects-tagged',
    'MUST',
    "Every object listed in the Tag Create body carries the tag at once, so the tag's object list holds one entry per listed object.",
    on('tags/create'),
    'persistence',
    endpointsSection,
  ),
  prose(
    'tags/create/requires-read-write-on-objects',
    'MUST',
    'A Tag Create that lists any object the caller lacks read_write access to is rejected with an error and creates no tag.',
    on('tags/create'),
    'behaviour',
    endpointsSection,
  ),
  prose(
    'tags/create/listed',
    'MUST',
    'After Tag Create the tag exists, so its object list answers for its label even when the body listed no object.',
    on('tags/create'),
    'persistence',
    endpointsSection,
  ),
  prose(
    'tags/delete/removed-from-objects',
    'MUST',
    'After Tag Delete no object carries the tag and the tag no longer exists.',
    on('tags/delete'),
    'persistence',
    endpointsSection,
  ),
  prose(
    'tags/objects/all-kinds',
    'MUST',
    "The tag's object list holds every object carrying the tag, whatever its type.",
    on('tags/objects'),
    'behaviour',
    endpointsSection,
  ),
];

/** Every response of this area whose fields are not shown. */
const responsesNotShown = (list: Operation[]) =>
  list.flatMap((op) => {
    const r = op.response;
    const what = r.kind === 'not-shown' ? r.text : 'notShown' in r ? r.notShown : undefined;
    return what ? [{ subject: op.id, what, source: op.source }] : [];
  });

export const area = defineArea(1, 'tags', {
  operations: ops,
  requirements,
  errors: [
    {
      id: 'tag-create-without-read-write',
      condition: 'Tag create where the caller lacks read_write on any listed object',
      behaviour: 'tag not created, error returned',
      operations: ['tags/create'],
      requirements: ['tags/create/requires-read-write-on-objects'],
    },
  ],
  limits: [
    { item: 'Tag label', limit: '3..50 characters', encodedAt: ['tags/create#label'], numbers: [LABEL.min, LABEL.max] },
  ],
  notShown: [
    { subject: 'tag', what: 'fields of the tag record and of the tagged-object items', source: source(1, tagSection) },
    { subject: 'tags', what: 'response bodies of tag operations', source: source(1, endpointsSection) },
    ...responsesNotShown(ops),
    { subject: 'tags', what: 'events of tag operations', source: source(1, 'Events') },
    {
      subject: 'tags',
      what: 'HTTP status code and reason text when tag create is refused',
      source: source(1, 'Errors'),
    },
  ],
  ambiguities: [
    {
      id: 'tags/read-write-for-unrestricted',
      source: source(1, endpointsSection),
      question:
        'Tag operations are for unrestricted users only, who may access everything on the account, yet create requires read_write on every listed object: when can such a caller lack it?',
      encoding:
        'The rule is tested with IDs the caller cannot access at all (objects that do not exist on the account); the request is rejected and no tag is created.',
    },
    {
      id: 'tags/label-bounds-on-create-only',
      source: source(1, tagSection),
      question: 'The 3..50 bound is stated "on create"; the `{tagLabel}` path parameter has no stated bound.',
      encoding: 'The bound is a rule of the create body only; the path parameter is a plain string.',
    },
    {
      id: 'tags/taggable-objects',
      source: source(1, tagSection),
      question:
        'Tags attach to domains, NodeBalancers and volumes as well as instances, but only instances are described by the three documents.',
      encoding: 'All four ID arrays are encoded as integer arrays; behaviour is tested with instances (`nodes`) only.',
    },
  ],
});
