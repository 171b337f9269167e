// Users and grants (Part 2): the user and grants structures, the user and grant operations, the own-grants view, and who may manage users.

import { defineArea } from '../area.js';
import {
  arr,
  bodyOf,
  bool,
  envelopeOf,
  int,
  length,
  noScopeListed,
  notShownResponse,
  obj,
  objectOf,
  oneOf,
  operations,
  scoped,
  source,
  str,
} from '../build.js';
import { on, onResource, proseOf } from '../prose.js';
import { fieldsSection, statesSection } from '../sections.js';
import type { EntityKind, GlobalGrant, Requirement, Resource } from '../types.js';

const usersSection = 'Endpoints > Users and grants (unrestricted users only)';
const prose = proseOf(2);
const responsesNotShown = 'response fields of the user record: not shown';

export const USERNAME_LENGTH = { min: 3, max: 32 } as const;

/** The entity kinds a grant can name, in the order of the grants structure. */
export const grantEntityKinds: readonly EntityKind[] = [
  'database',
  'domain',
  'image',
  'node',
  'longview',
  'nodebalancer',
  'stackscript',
  'volume',
  'vpc',
];

/** The boolean global grants, in the order of the grants structure. */
export const globalGrantFlags: readonly GlobalGrant[] = [
  'add_databases',
  'add_domains',
  'add_firewalls',
  'add_images',
  'add_nodes',
  'add_longview',
  'add_nodebalancers',
  'add_stackscripts',
  'add_volumes',
  'add_vpcs',
  'cancel_account',
  'longview_subscription',
];

/** The two access levels of a grant; null means no access. */
export const permissionLevels = ['read_only', 'read_write'] as const;

const globalGrantMeaning: Record<GlobalGrant, string> = {
  add_databases: 'may add databases',
  add_domains: 'may add domains',
  add_firewalls: 'may add firewalls',
  add_images: 'may add images',
  add_nodes: 'may add instances',
  add_longview: 'may create longview clients and view the current plan',
  add_nodebalancers: 'may add NodeBalancers',
  add_stackscripts: 'may add StackScripts',
  add_volumes: 'may add volumes',
  add_vpcs: 'may add VPCs',
  cancel_account: 'may cancel the account',
  longview_subscription: 'may manage the longview subscription',
};

export const user: Resource = {
  id: 'user',
  title: 'User',
  source: source(2, `${fieldsSection} > User`),
  notShown: responsesNotShown,
  fields: [
    str('username', {
      create: 'required',
      update: 'optional',
      rules: [length(USERNAME_LENGTH.min, USERNAME_LENGTH.max)],
      description: 'used for login; may be shown next to actions in events',
    }),
    str('email', {
      format: 'email',
      create: 'required',
      update: 'optional',
      description: 'account-management messages are sent here',
    }),
    bool('restricted', {
      create: 'optional',
      update: 'optional',
      description: 'true means the user needs grants to act or see entities',
    }),
  ],
};

const grantItem = obj('item', [
  // An item without an id names no entity; the document marks neither member, the encoding requires the id.
  int('id', { required: true, description: 'entity ID' }),
  str('permissions', {
    nullable: true,
    rules: [oneOf(...permissionLevels)],
    description: 'null means no access',
  }),
]);

export const grants: Resource = {
  id: 'grants',
  title: 'Grants',
  source: source(2, `${fieldsSection} > Grants (PUT body; omitted entries stay unchanged)`),
  fields: [
    ...grantEntityKinds.map((kind) =>
      arr(kind, grantItem, { update: 'optional', description: `grants on ${kind} entities` }),
    ),
    obj(
      'global',
      [
        str('account_access', {
          nullable: true,
          rules: [oneOf(...permissionLevels)],
          description: 'access to account-level actions such as billing; a restricted user can never manage users',
        }),
        ...globalGrantFlags.map((flag) => bool(flag, { description: globalGrantMeaning[flag] })),
      ],
      { update: 'optional', description: 'account-wide grants' },
    ),
  ],
};

const unrestrictedOnly = { unrestrictedOnly: true } as const;

const ops = operations(2, 'users', [
  {
    id: 'users/list',
    name: 'Users List',
    method: 'GET',
    path: '/account/users',
    paging: 'bounded',
    response: envelopeOf(undefined, responsesNotShown),
    auth: scoped('account:read_only'),
    access: unrestrictedOnly,
    summary: 'Lists the users of the account.',
    section: usersSection,
  },
  {
    id: 'users/create',
    name: 'User Create',
    method: 'POST',
    path: '/account/users',
    body: bodyOf(user, 'create'),
    response: objectOf(undefined, responsesNotShown),
    auth: scoped('account:read_write'),
    access: unrestrictedOnly,
    effects: ['sends-email'],
    summary: 'Creates a user and emails them password-creation and login instructions.',
    section: usersSection,
  },
  {
    id: 'users/view',
    name: 'User View',
    method: 'GET',
    path: '/account/users/{username}',
    params: { username: 'string' },
    response: objectOf(undefined, responsesNotShown),
    auth: scoped('account:read_only'),
    access: unrestrictedOnly,
    summary: 'Returns one user.',
    section: usersSection,
  },
  {
    id: 'users/update',
    name: 'User Update',
    method: 'PUT',
    path: '/account/users/{username}',
    params: { username: 'string' },
    body: bodyOf(user, 'update'),
    response: objectOf(undefined, responsesNotShown),
    auth: scoped('account:read_write'),
    access: unrestrictedOnly,
    summary: "Updates a user's username, email or restricted flag.",
    section: usersSection,
  },
  {
    id: 'users/delete',
    name: 'User Delete',
    method: 'DELETE',
    path: '/account/users/{username}',
    params: { username: 'string' },
    response: notShownResponse('the response body of a user delete is not shown'),
    auth: scoped('account:read_write'),
    access: unrestrictedOnly,
    effects: ['destructive'],
    summary: 'Deletes a user, who is logged out at once and loses all grants.',
    section: usersSection,
  },
  {
    id: 'users/grants/view',
    name: 'User Grants View',
    method: 'GET',
    path: '/account/users/{username}/grants',
    params: { username: 'string' },
    response: objectOf('grants'),
    auth: scoped('account:read_only'),
    access: unrestrictedOnly,
    summary:
      "Returns the full grants structure of a user other than the owner, listing every entity with the user's level.",
    section: usersSection,
  },
  {
    id: 'users/grants/update',
    name: 'User Grants Update',
    method: 'PUT',
    path: '/account/users/{username}/grants',
    params: { username: 'string' },
    body: bodyOf(grants, 'update'),
    response: notShownResponse('the response body of a grants update is not shown'),
    auth: scoped('account:read_write'),
    access: unrestrictedOnly,
    summary: "Updates a user's grants; entries left out of the body stay unchanged.",
    section: usersSection,
  },
  {
    id: 'users/profile-grants',
    name: 'Profile Grants View',
    method: 'GET',
    path: '/profile/grants',
    response: notShownResponse("the shape of the caller's own grants is not shown"),
    auth: noScopeListed,
    summary: "Returns the caller's own grants, holding only entities the caller can access.",
    section: usersSection,
  },
]);

const requirements: Requirement[] = [
  prose(
    'users/create/confirmation-email',
    'MUST',
    "Creating a user sends a confirmation message with password-creation and login instructions to the user's email address.",
    on('users/create'),
    'behaviour',
    usersSection,
  ),
  prose(
    'users/create/user-exists',
    'MUST',
    'After a successful user create, the user can be viewed under the username given and appears in the users list.',
    on('users/create', 'username'),
    'persistence',
    usersSection,
  ),
  prose(
    'users/create/restricted-starts-without-grants',
    'SHOULD',
    'A user created with `restricted` true holds no grants until grants are set for it.',
    on('users/create', 'restricted'),
    'grant',
    statesSection,
    true,
  ),
  prose(
    'users/view/stored-values',
    'SHOULD',
    'Viewing a user reports the username, email and restricted flag last set for it.',
    on('users/view'),
    'persistence',
    usersSection,
    true,
  ),
  prose(
    'users/update/restricted-starts-without-grants',
    'MUST',
    'Making an unrestricted user restricted configures no grants: its grants view then shows no entity permission and no global grant.',
    on('users/update', 'restricted'),
    'grant',
    usersSection,
  ),
  prose(
    'users/update/renamed-user-found',
    'MUST',
    'After an update that changes `username`, the user is found under the new username.',
    on('users/update', 'username'),
    'persistence',
    usersSection,
  ),
  prose(
    'users/delete/user-gone',
    'MUST',
    'After a successful user delete, the user is no longer listed and viewing it is refused.',
    on('users/delete'),
    'persistence',
    usersSection,
  ),
  prose(
    'users/delete/logged-out',
    'MUST',
    'A deleted user is logged out immediately: a token of that user is refused from the moment the delete succeeds.',
    on('users/delete'),
    'auth',
    statesSection,
  ),
  prose(
    'users/delete/grants-lost',
    'MUST',
    'A deleted user loses all grants: the grants view for that username is refused after the delete.',
    on('users/delete'),
    'grant',
    statesSection,
  ),
  prose(
    'users/restricted-never-manage-users',
    'MUST',
    'A restricted user can never manage users, even with `account_access` set to `read_write`: every user and grant operation refuses it.',
    onResource('grants', 'global.account_access'),
    'unrestricted-only',
    `${fieldsSection} > Grants (PUT body; omitted entries stay unchanged)`,
  ),
  prose(
    'users/restricted-needs-grants',
    'MUST',
    'A restricted user sees and acts on only the entities and actions it holds grants for.',
    onResource('user', 'restricted'),
    'grant',
    `${fieldsSection} > User`,
  ),
  prose(
    'users/account-access-level',
    'MUST',
    "A restricted user's `account_access` governs account-level actions such as billing: `read_only` allows reading them, `read_write` also changing them, and null neither.",
    onResource('grants', 'global.account_access'),
    'grant',
    `${fieldsSection} > Grants (PUT body; omitted entries stay unchanged)`,
  ),
  prose(
    'users/add-grants-allow-adding',
    'MUST',
    'A restricted user may add an entity of a kind only while the matching `add_*` global grant is true.',
    onResource('grants', 'global'),
    'grant',
    `${fieldsSection} > Grants (PUT body; omitted entries stay unchanged)`,
  ),
  prose(
    'users/add-longview-plan',
    'MUST',
    'The `add_longview` grant lets a restricted user create longview clients and view the current longview plan.',
    onResource('grants', 'global.add_longview'),
    'grant',
    `${fieldsSection} > Grants (PUT body; omitted entries stay unchanged)`,
  ),
  prose(
    'users/longview-subscription-grant',
    'MUST',
    'The `longview_subscription` grant lets a restricted user manage the longview subscription.',
    onResource('grants', 'global.longview_subscription'),
    'grant',
    `${fieldsSection} > Grants (PUT body; omitted entries stay unchanged)`,
  ),
  prose(
    'users/username-in-events',
    'MAY',
    'An event may show the username of the user whose action caused it.',
    onResource('user', 'username'),
    'event',
    `${fieldsSection} > User`,
  ),
  prose(
    'users/grants/view/all-entities',
    'MUST',
    "The grants view lists every entity of the account of each grantable kind, with the user's permission on it (null where the user has none).",
    on('users/grants/view'),
    'response',
    usersSection,
  ),
  prose(
    'users/grants/update/persisted',
    'MUST',
    "After a grants update, the user's grants view shows the entity permissions and global grants that were set.",
    on('users/grants/update'),
    'persistence',
    usersSection,
  ),
  prose(
    'users/grants/update/omitted-unchanged',
    'MUST',
    'Entries left out of a grants update body, entity items and global fields alike, keep their previous values.',
    on('users/grants/update'),
    'persistence',
    `${fieldsSection} > Grants (PUT body; omitted entries stay unchanged)`,
  ),
  prose(
    'users/grants/update/null-means-no-access',
    'MUST',
    'An entity grant set to null permissions leaves the user with no access to that entity.',
    on('users/grants/update', 'node.permissions'),
    'grant',
    `${fieldsSection} > Grants (PUT body; omitted entries stay unchanged)`,
  ),
  prose(
    'users/grants/update/levels-apply',
    'MUST',
    'An entity grant of `read_only` lets the restricted user read the entity but not change it, and `read_write` lets it do both.',
    on('users/grants/update', 'node.permissions'),
    'grant',
    `${fieldsSection} > Grants (PUT body; omitted entries stay unchanged)`,
  ),
  prose(
    'users/profile-grants/any-user',
    'MUST',
    'Every authenticated user, restricted or not and including the account owner, can view their own grants.',
    on('users/profile-grants'),
    'auth',
    usersSection,
  ),
  prose(
    'users/profile-grants/own-grants',
    'MUST',
    "The own-grants view reports the caller's grants and no other user's.",
    on('users/profile-grants'),
    'response',
    usersSection,
  ),
  prose(
    'users/profile-grants/only-accessible-entities',
    'MUST',
    'The own-grants view holds only entities the caller can access.',
    on('users/profile-grants'),
    'secrecy',
    usersSection,
  ),
];

/** Every unrestricted-only operation of Part 2: users and grants, logins, service transfers, account cancel and promo credits. */
const unrestrictedOnlyOperations = [
  ...ops.filter((o) => o.access.unrestrictedOnly).map((o) => o.id),
  'events/logins/list',
  'events/logins/view',
  'transfers/service/list',
  'transfers/service/create',
  'transfers/service/view',
  'transfers/service/cancel',
  'transfers/service/accept',
  'account/cancel',
  'account/promo-codes/add',
];

export const area = defineArea(2, 'users', {
  resources: [user, grants],
  operations: ops,
  requirements,
  errors: [
    {
      id: 'restricted-user-unrestricted-only',
      condition: 'Restricted user on an unrestricted-only operation',
      behaviour: 'rejected',
      operations: unrestrictedOnlyOperations,
      requirements: [
        ...unrestrictedOnlyOperations.map((id) => `${id}/access/unrestricted-only`),
        'users/restricted-never-manage-users',
      ],
    },
  ],
  limits: [
    {
      item: 'User username',
      limit: '3..32 characters',
      encodedAt: ['user.username'],
      numbers: [USERNAME_LENGTH.min, USERNAME_LENGTH.max],
    },
  ],
  notShown: [
    { subject: 'user', what: responsesNotShown, source: source(2, `${fieldsSection} > Other records`) },
    {
      subject: 'users',
      what: 'response bodies of user create, update and delete and of the grants update',
      source: source(2, 'Endpoints'),
    },
    {
      subject: 'users/profile-grants',
      what: "the shape of the caller's own grants at /profile/grants",
      source: source(2, usersSection),
    },
  ],
  ambiguities: [
    {
      id: 'users/user-response-fields',
      source: source(2, `${fieldsSection} > User`),
      question:
        'The User table lists only the body fields, and Part 2 says the response fields of all its records are not shown: do user responses carry username, email and restricted?',
      encoding:
        'User responses are plain objects (envelope items, views) not bound to the `user` resource; a SHOULD convention asks that a view reports the stored values.',
    },
    {
      id: 'users/grants-view-shape',
      source: source(2, usersSection),
      question: 'The grants view returns the "full grants structure"; is that the same structure as the PUT body?',
      encoding:
        'The view answers the `grants` resource (the nine entity arrays and `global`); extra members such as entity labels are allowed.',
    },
    {
      id: 'users/grants-view-owner',
      source: source(2, usersSection),
      question:
        'The grants view "is for users other than the account owner"; what it answers for the owner is not stated.',
      encoding: 'Not judged: no requirement covers the grants view of the account owner.',
    },
    {
      id: 'users/profile-grants-shape',
      source: source(2, usersSection),
      question:
        'The own-grants view at /profile/grants is named only in prose, with no scope, no response shape, and nothing said about what an unrestricted caller (who needs no grants) receives.',
      encoding:
        'Token required, scope "none listed", not unrestricted-only, response not shown; requirements cover only who may call it and which entities it may hold.',
    },
    {
      id: 'users/grant-item-members',
      source: source(2, `${fieldsSection} > Grants (PUT body; omitted entries stay unchanged)`),
      question: 'Whether `id` and `permissions` must both be present in a grant item is not stated.',
      encoding: 'Neither member is marked required; only their types and the permissions enum are checked.',
    },
    {
      id: 'users/restricted-on-create',
      source: source(2, statesSection),
      question:
        '"A user made restricted has no grants until they are set": does it cover a user created restricted, or only an update to restricted?',
      encoding:
        'MUST for the update (the endpoint table says so); SHOULD, as a convention, for a user created restricted.',
    },
    {
      id: 'users/cancel-account-grant',
      source: source(2, `${fieldsSection} > Grants (PUT body; omitted entries stay unchanged)`),
      question:
        'The `cancel_account` grant says a user "may cancel the account", while Account Cancel and the Errors table say restricted users cannot cancel.',
      encoding:
        'The grant is encoded as a stored boolean only; no requirement lets a restricted user cancel (Account Cancel keeps refusing restricted users).',
    },
    {
      id: 'users/restricted-user-error-operations',
      source: source(2, 'Errors'),
      question:
        'The Errors row "Restricted user on an unrestricted-only operation" does not list its operations; Part 2 marks users and grants, logins and service transfers as for unrestricted users, and restricts promo credits and account cancel in prose.',
      encoding:
        'The row names every operation marked unrestricted-only: the users and grants operations (not the own-grants view), the two login operations, the five service transfer operations, Account Cancel and the promo credit add.',
    },
  ],
});
