// Conformance of the users area (Part 2): one test per requirement.

import { conformance } from '../support/author.js';
import {
  createdRestrictedHoldsNothing,
  madeRestrictedHoldsNothing,
  omittedUnchanged,
  profileAnyUser,
  profileOnlyAccessible,
  profileOwnGrants,
  updatePersisted,
  viewListsAllEntities,
} from './users/grants.js';
import { grantsLost, loggedOut, renamedUserFound, storedValues, userExists, userGone } from './users/lifecycle.js';
import {
  accountAccessLevel,
  addGrantsAllowAdding,
  levelsApply,
  needsGrants,
  neverManageUsers,
  nullMeansNoAccess,
  usernameInEvents,
} from './users/restricted.js';

conformance('users', {
  'users/create/user-exists': userExists,
  'users/create/restricted-starts-without-grants': createdRestrictedHoldsNothing,
  'users/view/stored-values': storedValues,
  'users/update/restricted-starts-without-grants': madeRestrictedHoldsNothing,
  'users/update/renamed-user-found': renamedUserFound,
  'users/delete/user-gone': userGone,
  'users/delete/logged-out': loggedOut,
  'users/delete/grants-lost': grantsLost,
  'users/restricted-never-manage-users': neverManageUsers,
  'users/restricted-needs-grants': needsGrants,
  'users/account-access-level': accountAccessLevel,
  'users/add-grants-allow-adding': addGrantsAllowAdding,
  'users/username-in-events': usernameInEvents,
  'users/grants/view/all-entities': viewListsAllEntities,
  'users/grants/update/persisted': updatePersisted,
  'users/grants/update/omitted-unchanged': omittedUnchanged,
  'users/grants/update/null-means-no-access': nullMeansNoAccess,
  'users/grants/update/levels-apply': levelsApply,
  'users/profile-grants/any-user': profileAnyUser,
  'users/profile-grants/own-grants': profileOwnGrants,
  'users/profile-grants/only-accessible-entities': profileOnlyAccessible,
});
