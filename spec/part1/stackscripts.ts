// StackScripts (Part 1): the StackScript record, its five operations, the one-way public flag, errors and limits.

import { defineArea } from '../area.js';
import {
  arr,
  bodyOf,
  bool,
  emptyObject,
  envelopeOf,
  int,
  item,
  length,
  obj,
  objectOf,
  operations,
  scoped,
  source,
  str,
} from '../build.js';
import { on, onResource, onTransition, proseOf } from '../prose.js';
import { statesSection } from '../sections.js';
import type { Requirement, Resource } from '../types.js';

const fieldsSection = 'Resources and their fields > StackScript';
const endpointsSection = 'Endpoints > StackScripts';
const prose = proseOf(1);

/** StackScript label bounds (Limits: "StackScript label"). */
const LABEL = { min: 3, max: 128 } as const;

const readOnly = { create: 'read-only', update: 'read-only' } as const;

export const stackscript: Resource = {
  id: 'stackscript',
  title: 'StackScript',
  source: source(1, fieldsSection),
  fields: [
    int('id', { ...readOnly, description: 'unique ID' }),
    str('label', {
      create: 'required',
      update: 'optional',
      rules: [length(LABEL.min, LABEL.max)],
      description: 'display only',
    }),
    str('script', {
      create: 'required',
      update: 'optional',
      description: 'script run when provisioning an instance with this StackScript',
    }),
    arr('images', item('string'), {
      create: 'required',
      update: 'optional',
      description: 'image IDs that can be deployed with it',
    }),
    str('description', { create: 'optional', update: 'optional', description: 'free text' }),
    bool('is_public', {
      create: 'optional',
      update: 'optional',
      description: 'whether other users can use it; once public it cannot be made private',
    }),
    str('rev_note', { create: 'optional', update: 'optional', description: 'note for the set of revisions' }),
    str('created', { ...readOnly, format: 'date-time' }),
    str('updated', { ...readOnly, format: 'date-time' }),
    int('deployments_active', {
      ...readOnly,
      description: 'count of currently active deployed instances created from it',
    }),
    int('deployments_total', { ...readOnly, description: 'total number of deployments' }),
    bool('mine', { ...readOnly, description: 'whether the caller owns it' }),
    arr('user_defined_fields', obj('item', [str('name'), str('label'), str('example')]), {
      ...readOnly,
      description: 'fields declared inside the script for supplying parameters at deployment',
      notShown: 'the syntax by which a script declares these fields',
    }),
    str('user_avatar_id', { ...readOnly, description: 'avatar identifier of the creating user' }),
    str('username', { ...readOnly, description: 'creating user' }),
  ],
};

const stackscriptId = { stackscriptId: 'string' } as const;

const ops = operations(1, 'stackscripts', [
  {
    id: 'stackscripts/list',
    name: 'StackScripts List',
    method: 'GET',
    path: '/node/stackscripts',
    paging: 'bounds-not-shown',
    response: envelopeOf('stackscript'),
    auth: { token: 'optional', scope: 'stackscripts:read_only', note: '`stackscripts:read_only` (optional)' },
    summary: 'Lists StackScripts; without authentication only the public ones.',
    section: endpointsSection,
  },
  {
    id: 'stackscripts/create',
    name: 'StackScript Create',
    method: 'POST',
    path: '/node/stackscripts',
    body: bodyOf(stackscript, 'create'),
    response: objectOf('stackscript'),
    auth: scoped('stackscripts:read_write'),
    summary: 'Creates a StackScript.',
    section: endpointsSection,
  },
  {
    id: 'stackscripts/view',
    name: 'StackScript View',
    method: 'GET',
    path: '/node/stackscripts/{stackscriptId}',
    params: stackscriptId,
    response: objectOf('stackscript'),
    auth: scoped('stackscripts:read_only'),
    summary: 'Returns one StackScript, including its script.',
    section: endpointsSection,
  },
  {
    id: 'stackscripts/update',
    name: 'StackScript Update',
    method: 'PUT',
    path: '/node/stackscripts/{stackscriptId}',
    params: stackscriptId,
    body: bodyOf(stackscript, 'update'),
    response: objectOf('stackscript'),
    auth: scoped('stackscripts:read_write'),
    // Only `is_public: true` is irreversible, not the operation: safe mode must never send that value.
    summary: 'Updates a StackScript; making it public cannot be undone.',
    section: endpointsSection,
  },
  {
    id: 'stackscripts/delete',
    name: 'StackScript Delete',
    method: 'DELETE',
    path: '/node/stackscripts/{stackscriptId}',
    params: stackscriptId,
    response: emptyObject,
    auth: scoped('stackscripts:read_write'),
    access: {
      entity: { kind: 'stackscript', param: 'stackscriptId', permission: 'read_write' },
      note: 'only a private StackScript can be deleted',
    },
    effects: ['destructive'],
    summary: 'Deletes a private StackScript; a public one cannot be deleted.',
    section: endpointsSection,
  },
]);

const onField = (field: string): Requirement['subject'] => onResource('stackscript', field);
const onVisibility = (transition: string): Requirement['subject'] => onTransition('stackscript-visibility', transition);

const requirements: Requirement[] = [
  prose(
    'stackscripts/list/anonymous-public-only',
    'MUST',
    'The StackScript list called without a token returns only public StackScripts.',
    on('stackscripts/list'),
    'behaviour',
    'Authentication',
  ),
  prose(
    'stackscripts/list/own-listed',
    'SHOULD',
    "The StackScript list called with a token includes the caller's own StackScripts, private ones too.",
    on('stackscripts/list'),
    'behaviour',
    endpointsSection,
    true,
  ),
  prose(
    'stackscripts/private-hidden-from-others',
    'MUST',
    'A private StackScript is not visible to anonymous callers or to users of other accounts.',
    onField('is_public'),
    'behaviour',
    fieldsSection,
  ),
  prose(
    'stackscripts/update/make-public',
    'MUST',
    'Updating a private StackScript with `is_public` true makes it public, so that other users (and anonymous list callers) can see and use it.',
    onVisibility('make-public'),
    'state',
    statesSection,
  ),
  prose(
    'stackscripts/update/public-stays-public',
    'MUST',
    'Updating a public StackScript with `is_public` false is rejected and the StackScript stays public.',
    onVisibility('make-private-rejected'),
    'state',
    statesSection,
  ),
  prose(
    'stackscripts/delete/public-refused',
    'MUST',
    'Deleting a public StackScript is refused and the StackScript still exists afterwards.',
    on('stackscripts/delete'),
    'state',
    endpointsSection,
  ),
  prose(
    'stackscripts/view/script-content',
    'MUST',
    'StackScript View returns the StackScript with its `script` content as last written.',
    on('stackscripts/view'),
    'response',
    endpointsSection,
  ),
  prose(
    'stackscripts/mine',
    'MUST',
    '`mine` is true on StackScripts the caller owns and false on StackScripts of others.',
    onField('mine'),
    'behaviour',
    fieldsSection,
  ),
  prose(
    'stackscripts/username-is-creator',
    'MUST',
    '`username` is the username of the user who created the StackScript.',
    onField('username'),
    'behaviour',
    fieldsSection,
  ),
  prose(
    'stackscripts/user-defined-fields-from-script',
    'MUST',
    '`user_defined_fields` lists the fields the script declares for deployment parameters, each with its `name`, `label` and `example`.',
    onField('user_defined_fields'),
    'behaviour',
    fieldsSection,
  ),
  prose(
    'stackscripts/deployments-active-count',
    'MUST',
    '`deployments_active` equals the number of currently active instances deployed from the StackScript.',
    onField('deployments_active'),
    'behaviour',
    fieldsSection,
  ),
  prose(
    'stackscripts/deployments-total-count',
    'MUST',
    '`deployments_total` equals the number of deployments ever made from the StackScript.',
    onField('deployments_total'),
    'behaviour',
    fieldsSection,
  ),
  prose(
    'stackscripts/create/add-stackscripts-grant',
    'SHOULD',
    'StackScript Create refuses a restricted user without the `add_stackscripts` global grant.',
    on('stackscripts/create'),
    'grant',
    'Authentication',
    true,
  ),
  prose(
    'stackscripts/update/restricted-needs-read-write',
    'SHOULD',
    'StackScript Update refuses a restricted user without read_write on the StackScript.',
    on('stackscripts/update'),
    'grant',
    'Authentication',
    true,
  ),
];

export const area = defineArea(1, 'stackscripts', {
  resources: [stackscript],
  operations: ops,
  requirements,
  stateTables: [
    {
      id: 'stackscript-visibility',
      subject: 'StackScript is_public',
      source: source(1, statesSection),
      states: ['is_public false', 'is_public true'],
      transitions: [
        {
          id: 'make-public',
          row: { state: 'StackScript is_public false', trigger: 'update with is_public true', condition: '-' },
          trigger: 'stackscripts/update',
          from: 'is_public false',
          to: 'is_public true',
          also: 'other users may use it',
        },
        {
          id: 'make-private-rejected',
          row: { state: 'StackScript is_public true', trigger: 'update with is_public false', condition: '-' },
          trigger: 'stackscripts/update',
          from: 'is_public true',
          to: 'is_public true',
          also: 'the change from public to private is not allowed',
        },
      ],
    },
  ],
  errors: [
    {
      id: 'stackscript-delete-public',
      condition: 'StackScript delete of a public StackScript',
      behaviour: 'not allowed',
      operations: ['stackscripts/delete'],
      requirements: ['stackscripts/delete/public-refused'],
    },
    {
      id: 'stackscript-make-private',
      condition: 'StackScript update that makes a public StackScript private',
      behaviour: 'not allowed',
      operations: ['stackscripts/update'],
      requirements: ['stackscripts/update/public-stays-public'],
    },
  ],
  limits: [
    {
      item: 'StackScript label',
      limit: '3..128 characters',
      encodedAt: ['stackscript.label'],
      numbers: [LABEL.min, LABEL.max],
    },
  ],
  notShown: [
    {
      subject: 'stackscript.user_defined_fields',
      what: 'the syntax by which a script declares its user-defined fields',
      source: source(1, fieldsSection),
    },
    { subject: 'stackscripts', what: 'events of StackScript operations', source: source(1, 'Events') },
    {
      subject: 'stackscripts',
      what: 'HTTP status codes and reason texts of the StackScript error cases',
      source: source(1, 'Errors'),
    },
  ],
  ambiguities: [
    {
      id: 'stackscripts/id-type',
      source: source(1, endpointsSection),
      question: 'The record `id` is an integer, while the path parameter stackscriptId is typed string.',
      encoding:
        'The record field is an integer and the path parameter a string, each as written; tests put the integer id in the path as its decimal text.',
    },
    {
      id: 'stackscripts/is-public-default',
      source: source(1, fieldsSection),
      question: 'The default of `is_public` on create is not stated.',
      encoding:
        'No default is encoded; tests always send `is_public` explicitly and send `true` only where making a StackScript public is intended.',
    },
    {
      id: 'stackscripts/user-defined-fields-syntax',
      source: source(1, fieldsSection),
      question:
        'The syntax that declares user-defined fields inside a script is not shown, so which scripts yield which entries cannot be derived from the document.',
      encoding:
        'The field shape (`name`, `label`, `example` strings) is encoded; the parsing clause is a requirement proposed for exclusion.',
    },
    {
      id: 'stackscripts/grants',
      source: source(1, endpointsSection),
      question:
        'Only Delete names a grant ("a private StackScript the caller may read_write"); Part 2 has the `add_stackscripts` global grant and per-StackScript grants, but Part 1 does not say which operations need them.',
      encoding:
        'Delete carries the entity read_write permission (MUST); create with `add_stackscripts` and update with read_write on the StackScript are SHOULD conventions; view and list carry no grant.',
    },
    {
      id: 'stackscripts/list-scope-optional',
      source: source(1, endpointsSection),
      question:
        'The list scope is written "`stackscripts:read_only` (optional)": the token is optional, and it is not said what a token without that scope gets.',
      encoding:
        'Token optional with scope `stackscripts:read_only`; a token lacking the scope is refused (derived), an absent token gets only public StackScripts.',
    },
    {
      id: 'stackscripts/private-visibility',
      source: source(1, fieldsSection),
      question:
        '`is_public` says "whether other users can use it"; whether "other users" means other accounts only or also restricted users of the same account is not said.',
      encoding:
        'A private StackScript is hidden from anonymous callers and other accounts (MUST); restricted users of the same account follow the general grant convention.',
    },
  ],
});
