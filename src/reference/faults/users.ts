// Faults of users and grants: each a defect the reference server can switch on, with the requirements that must fail.

import { faultsOf } from './define.js';

const f = faultsOf('users');

export const usersFaults = [
  f('user-create-not-stored', 'persistence', 'does not store a created user', ['users/create/user-exists']),
  f('user-created-with-grants', 'grant', 'gives a user created restricted every global grant', [
    'users/create/restricted-starts-without-grants',
  ]),
  f('restricted-keeps-grants', 'grant', 'keeps grants when a user is made restricted', [
    'users/update/restricted-starts-without-grants',
  ]),
  f('user-rename-lost', 'persistence', 'does not apply a rename', ['users/update/renamed-user-found']),
  f('deleted-user-logged-in', 'auth', "keeps a deleted user's tokens working", ['users/delete/logged-out']),
  f('deleted-user-grants-kept', 'grant', 'answers the grants of a deleted user', ['users/delete/grants-lost']),
  f('grants-view-partial', 'grant', 'lists only entities with a grant', ['users/grants/view/all-entities']),
  f('grants-update-ignored', 'persistence', 'stores no grants update', ['users/grants/update/persisted']),
  f('grants-update-replaces', 'grant', 'resets entries a grants update leaves out', [
    'users/grants/update/omitted-unchanged',
  ]),
  f('grants-global-reset-when-omitted', 'grant', 'withdraws every global grant when an update leaves out `global`', [
    'users/grants/update/omitted-unchanged',
  ]),
  f('grants-null-ignored', 'grant', 'keeps access when permissions is null', [
    'users/grants/update/null-means-no-access',
  ]),
  f('grant-level-raised', 'grant', 'stores read_only as read_write', ['users/grants/update/levels-apply']),
  f('profile-grants-leak', 'grant', 'lists every entity in the own-grants view', [
    'users/profile-grants/only-accessible-entities',
  ]),
  f('profile-grants-other-user', 'grant', 'answers full access instead of the caller’s grants', [
    'users/profile-grants/own-grants',
  ]),
  f('profile-grants-restricted-refused', 'auth', 'refuses restricted users their own grants', [
    'users/profile-grants/any-user',
  ]),
];
