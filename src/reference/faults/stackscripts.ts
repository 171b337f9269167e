// Faults of StackScripts: each a defect the reference server can switch on, with the requirements that must fail.

import { faultsOf } from './define.js';

const f = faultsOf('stackscripts');

export const stackscriptsFaults = [
  f('stackscript-unpublish', 'state', 'lets a public StackScript become private', [
    'stackscripts/update/public-stays-public',
  ]),
  f('stackscript-publish-ignored', 'state', 'ignores is_public true on update', [
    'stackscripts/update/make-public',
    // The model-based walk of the visibility table publishes before it tries to unpublish.
    'stackscripts/update/public-stays-public',
  ]),
  f('stackscript-delete-public', 'state', 'deletes a public StackScript', ['stackscripts/delete/public-refused']),
  f('stackscript-private-listed-anonymously', 'behaviour', 'lists private StackScripts without a token', [
    'stackscripts/list/anonymous-public-only',
  ]),
  f('stackscript-private-visible-to-others', 'behaviour', "shows another account's private StackScript", [
    'stackscripts/private-hidden-from-others',
  ]),
  f('stackscript-grants-ignored', 'grant', 'shows private StackScripts to restricted users without a grant', [
    'stackscripts/private-hidden-from-others',
  ]),
  f('stackscript-restricted-update', 'grant', 'lets a restricted user with read_only update', [
    'stackscripts/update/restricted-needs-read-write',
  ]),
  f('stackscript-add-grant-ignored', 'grant', 'lets a restricted user without add_stackscripts create', [
    'stackscripts/create/add-stackscripts-grant',
  ]),
  f('stackscript-mine-always-true', 'behaviour', 'marks every StackScript mine', ['stackscripts/mine']),
  f('stackscript-username-last-editor', 'behaviour', 'reports the last editor as username', [
    'stackscripts/username-is-creator',
  ]),
  f('stackscript-udf-ignored', 'behaviour', 'never parses user-defined fields', [
    'stackscripts/user-defined-fields-from-script',
  ]),
  f('stackscript-script-not-updated', 'persistence', 'does not store an updated script', [
    'stackscripts/view/script-content',
  ]),
  f('stackscript-deployments-uncounted', 'behaviour', 'does not count deployments', [
    'stackscripts/deployments-total-count',
  ]),
];
