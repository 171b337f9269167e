// The fault catalogue: named defects the reference server can switch on (--fault), each with the requirements that must fail when it is on.

import type { Family } from '../../spec/types.js';

export interface Fault {
  name: string;
  /** API area whose requirements catch it (`conventions` for cross-cutting ones). */
  area: string;
  family: Family;
  /** What the defect breaks, in a sentence. */
  breaks: string;
  /** Requirement ids that must fail when it is on; `cloudconf mutation` runs these. */
  catches: string[];
}

const f = (name: string, area: string, family: Family, breaks: string, catches: string[]): Fault => ({
  name,
  area,
  family,
  breaks,
  catches,
});

/** A body rule left unenforced: `skip:<operation id>/<requirement suffix>`. */
export const skipRule = (requirement: string): Fault =>
  f(`skip:${requirement}`, requirement.split('/')[0] ?? '', 'length', `does not enforce ${requirement}`, [requirement]);

export const faults: readonly Fault[] = [
  // Pipeline faults: conventions and every area
  f('error-field-misnamed', 'conventions', 'error-shape', 'names the wrong field in validation errors', [
    'conventions/error-body/field-named',
  ]),
  f('error-body-wrong-shape', 'conventions', 'error-shape', 'answers errors as {"error": text}', [
    'conventions/error-body/shape',
  ]),
  f('paging-ignored', 'conventions', 'paging', 'returns every item whatever the page', [
    'vpcs/subnets/list/response/envelope',
    'conventions/paging/partition',
  ]),
  f('envelope-count-off', 'conventions', 'envelope', 'reports one result too many', [
    'vpcs/list/response/envelope',
    'conventions/envelope/counts',
  ]),
  f('paging-bounds-ignored', 'conventions', 'paging', 'accepts page and page_size out of bounds', [
    'vpcs/subnets/list/page-range',
    'vpcs/subnets/list/page_size-range',
  ]),
  f('no-token-accepted', 'conventions', 'auth', 'answers requests that carry no token', [
    'vpcs/list/auth/token-required',
    'conventions/status/unauthenticated-401',
  ]),
  f('scope-ignored', 'conventions', 'scope', 'ignores token scopes', [
    'vpcs/create/auth/scope-required',
    'conventions/status/forbidden-403',
  ]),
  f(
    'restricted-allowed',
    'conventions',
    'unrestricted-only',
    'lets restricted users call unrestricted-only operations',
    ['tags/list/access/unrestricted-only'],
  ),
  f('delete-keeps-item', 'conventions', 'persistence', 'answers deletes but keeps the item', ['vpcs/delete/cascade']),
  f('update-ignored', 'conventions', 'persistence', 'answers updates but changes nothing', [
    'conventions/rejected/no-change',
  ]),
  f('event-missing:vpc_create', 'vpcs', 'event', 'does not record vpc_create', ['vpcs/create/event/vpc_create']),
  // VPCs
  f('vpc-delete-partial', 'vpcs', 'state', 'deletes a VPC although a subnet is not deletable', [
    'vpcs/delete/all-or-nothing',
  ]),
  skipRule('vpcs/create/label-length'),
  skipRule('vpcs/subnets/create/ipv4-canonical-cidr'),
  // StackScripts
  f('stackscript-unpublish', 'stackscripts', 'state', 'lets a public StackScript become private', [
    'stackscripts/update/public-stays-public',
  ]),
  f('stackscript-publish-ignored', 'stackscripts', 'state', 'ignores is_public true on update', [
    'stackscripts/update/make-public',
  ]),
  f('stackscript-delete-public', 'stackscripts', 'state', 'deletes a public StackScript', [
    'stackscripts/delete/public-refused',
  ]),
  f(
    'stackscript-private-listed-anonymously',
    'stackscripts',
    'behaviour',
    'lists private StackScripts without a token',
    ['stackscripts/list/anonymous-public-only'],
  ),
  f(
    'stackscript-private-visible-to-others',
    'stackscripts',
    'behaviour',
    "shows another account's private StackScript",
    ['stackscripts/private-hidden-from-others'],
  ),
  f(
    'stackscript-grants-ignored',
    'stackscripts',
    'grant',
    'shows private StackScripts to restricted users without a grant',
    ['stackscripts/private-hidden-from-others'],
  ),
  f('stackscript-restricted-update', 'stackscripts', 'grant', 'lets a restricted user with read_only update', [
    'stackscripts/update/restricted-needs-read-write',
  ]),
  f(
    'stackscript-add-grant-ignored',
    'stackscripts',
    'grant',
    'lets a restricted user without add_stackscripts create',
    ['stackscripts/create/add-stackscripts-grant'],
  ),
  f('stackscript-mine-always-true', 'stackscripts', 'behaviour', 'marks every StackScript mine', ['stackscripts/mine']),
  f('stackscript-username-last-editor', 'stackscripts', 'behaviour', 'reports the last editor as username', [
    'stackscripts/username-is-creator',
  ]),
  f('stackscript-udf-ignored', 'stackscripts', 'behaviour', 'never parses user-defined fields', [
    'stackscripts/user-defined-fields-from-script',
  ]),
  f('stackscript-script-not-updated', 'stackscripts', 'persistence', 'does not store an updated script', [
    'stackscripts/view/script-content',
  ]),
  f('stackscript-deployments-uncounted', 'stackscripts', 'behaviour', 'does not count deployments', [
    'stackscripts/deployments-total-count',
  ]),
  // Tags
  f('tag-create-partial', 'tags', 'state', 'keeps a tag whose create was refused', [
    'tags/create/requires-read-write-on-objects',
  ]),
  f('tag-create-not-stored', 'tags', 'persistence', 'does not keep a created tag', ['tags/create/listed']),
  f('tag-delete-keeps-objects', 'tags', 'state', 'leaves the label on objects after delete', [
    'tags/delete/removed-from-objects',
  ]),
  f('tag-objects-missing', 'tags', 'behaviour', 'drops an object from the tagged-object list', [
    'tags/objects/all-kinds',
  ]),
  // Managed
  f('managed-credential-password-returned', 'managed', 'secrecy', 'returns credential passwords', [
    'managed/credential-password-never-returned',
  ]),
  f('managed-sshkey-changes', 'managed', 'behaviour', 'answers a new ssh key every time', [
    'managed/credentials/sshkey/same-key',
  ]),
  f('managed-ssh-defaults-wrong', 'managed', 'behaviour', 'shows port 22 and user root as defaults', [
    'managed/node-settings/view/ssh-defaults',
  ]),
  f('managed-service-fragment-kept', 'managed', 'behaviour', 'keeps the fragment of a service address', [
    'managed/service-address-fragment-dropped',
  ]),
  f('managed-service-query-dropped', 'managed', 'behaviour', 'drops the query of a service address', [
    'managed/service-address-query-preserved',
  ]),
  f('managed-service-disable-ignored', 'managed', 'state', 'leaves a disabled service monitored', [
    'managed/services/disable/monitoring-disabled',
  ]),
  f('managed-service-enable-ignored', 'managed', 'state', 'leaves an enabled service disabled', [
    'managed/services/enable/monitoring-on',
  ]),
  f('managed-stats-stale-window', 'managed', 'behaviour', 'answers statistics of the day before', [
    'managed/stats/last-24-hours',
  ]),
  f('managed-stats-series-missing', 'managed', 'behaviour', 'leaves out the swap series', [
    'managed/stats/combined-series',
  ]),
  skipRule('managed/credentials/create/label-unique'),
  skipRule('managed/services/create/region-iff-private-address'),
  // Part 2: account and billing
  f(
    'account-state-stored-country-ignored',
    'account',
    'cross-field',
    'judges state only against a country in the body',
    ['account/update/state-code-us-ca'],
  ),
  f('account-tax-id-empty-rejected', 'account', 'behaviour', 'rejects an empty tax_id', [
    'account/update/tax-id-empty-accepted',
  ]),
  f('account-settings-omitted-reset', 'account', 'persistence', 'resets omitted settings', [
    'account/settings/update/omitted-unchanged',
  ]),
  f('managed-enable-ignored', 'account', 'state', 'leaves managed off after managed-enable', [
    'account/settings/managed-enable/enables-managed',
  ]),
  f('account-availability-region-missing', 'account', 'behaviour', 'drops a region from availability', [
    'account/availability/list/all-regions',
  ]),
  f('account-availability-unknown-region-found', 'account', 'status', 'answers an unknown region', [
    'account/availability/view/unknown-region',
  ]),
  f('account-cancel-tokens-kept', 'account', 'state', 'keeps tokens of a cancelled account working', [
    'account/cancel/cancels-account',
  ]),
  f('promo-code-unchecked', 'account', 'behaviour', 'accepts any promo code', [
    'account/promo-codes/add/valid-unexpired-code',
  ]),
  f('promo-age-ignored', 'account', 'behaviour', 'grants promo credit to accounts 90 days old or older', [
    'account/promo-codes/add/account-younger-than-90-days',
  ]),
  f('promo-repeat-allowed', 'account', 'behaviour', 'allows a second promo credit', [
    'account/promo-codes/add/one-promo-credit',
  ]),
  f('promo-credit-not-shown', 'account', 'behaviour', 'never shows the promo credit', [
    'account/promo-codes/add/adds-expiring-credit',
  ]),
  f(
    'account-access-ignored',
    'account',
    'grant',
    'lets restricted users act on the account without account_access',
    [],
  ),
  f('payment-expiry-month-ignored', 'billing', 'cross-field', 'compares only the expiry year', [
    'billing/payment-methods/create/expiry-not-in-past',
  ]),
  f('event-missing:payment_method_add', 'billing', 'event', 'does not record payment_method_add', [
    'billing/payment-methods/create/event/payment_method_add',
  ]),
  f('event-missing:payment_submitted', 'billing', 'event', 'does not record payment_submitted', [
    'billing/payments/create/event/payment_submitted',
  ]),
  f('payment-method-default-kept', 'billing', 'state', 'does not move the default on add-as-default', [
    'billing/payment-methods/create/default-moves',
  ]),
  f('payment-method-default-taken', 'billing', 'state', 'moves the default on a non-default add', [
    'billing/payment-methods/create/non-default-keeps-default',
  ]),
  f('payment-method-old-default-kept', 'billing', 'state', 'leaves two defaults', [
    'billing/payment-methods/make-default/default-moves',
  ]),
  f('make-default-ignored', 'billing', 'state', 'ignores make-default', [
    'billing/payment-methods/make-default/default-moves',
  ]),
  f('credit-card-not-default', 'billing', 'state', 'does not make an added credit card default', [
    'billing/credit-card/add/becomes-default',
  ]),
  f('payment-method-delete-default', 'billing', 'state', 'deletes the default method', [
    'billing/payment-methods/delete/default-rejected',
  ]),
  f('payment-method-card-exposed', 'billing', 'secrecy', 'shows the full card number', []),
  f('payment-bounds-ignore-balance', 'billing', 'range', 'bounds payments at 5..2000 whatever the balance', [
    'billing/payments/create/usd-amount-bounds',
  ]),
  f('payment-wrong-method-charged', 'billing', 'behaviour', 'always charges the default method', [
    'billing/payments/create/default-method-charged',
  ]),
  f('payment-unknown-method-accepted', 'billing', 'behaviour', 'charges the default for an unknown method id', []),
  f('payment-balance-unchanged', 'billing', 'behaviour', 'does not lower the balance after a payment', []),
  f('invoice-items-unknown-invoice-empty', 'billing', 'status', 'answers an empty list for an unknown invoice', [
    'billing/invoices/items/unknown-id',
  ]),
  // Part 2: users and events
  f('user-create-not-stored', 'users', 'persistence', 'does not store a created user', ['users/create/user-exists']),
  f('user-created-with-grants', 'users', 'grant', 'gives a user created restricted every global grant', [
    'users/create/restricted-starts-without-grants',
  ]),
  f('restricted-keeps-grants', 'users', 'grant', 'keeps grants when a user is made restricted', [
    'users/update/restricted-starts-without-grants',
  ]),
  f('user-rename-lost', 'users', 'persistence', 'does not apply a rename', ['users/update/renamed-user-found']),
  f('deleted-user-logged-in', 'users', 'auth', "keeps a deleted user's tokens working", ['users/delete/logged-out']),
  f('deleted-user-grants-kept', 'users', 'grant', 'answers the grants of a deleted user', ['users/delete/grants-lost']),
  f('grants-view-partial', 'users', 'grant', 'lists only entities with a grant', ['users/grants/view/all-entities']),
  f('grants-update-ignored', 'users', 'persistence', 'stores no grants update', ['users/grants/update/persisted']),
  f('grants-update-replaces', 'users', 'grant', 'resets entries a grants update leaves out', [
    'users/grants/update/omitted-unchanged',
  ]),
  f('grants-null-ignored', 'users', 'grant', 'keeps access when permissions is null', [
    'users/grants/update/null-means-no-access',
  ]),
  f('grant-level-raised', 'users', 'grant', 'stores read_only as read_write', ['users/grants/update/levels-apply']),
  f('profile-grants-leak', 'users', 'grant', 'lists every entity in the own-grants view', [
    'users/profile-grants/only-accessible-entities',
  ]),
  f('profile-grants-other-user', 'users', 'grant', 'answers full access instead of the caller’s grants', [
    'users/profile-grants/own-grants',
  ]),
  f('profile-grants-restricted-refused', 'users', 'auth', 'refuses restricted users their own grants', [
    'users/profile-grants/any-user',
  ]),
  f('events-unfiltered', 'events', 'grant', 'lists every event to restricted users', [
    'events/list/filtered-by-grants',
  ]),
  f('event-view-unfiltered', 'events', 'grant', 'shows any event to restricted users', [
    'events/view/filtered-by-grants',
  ]),
  f('events-oldest-first', 'events', 'event', 'lists events oldest first', ['conventions/events/newest-first']),
  f('events-history-unbounded', 'events', 'behaviour', 'lists events older than 90 days', [
    'events/list/history-window',
  ]),
  f('event-read-ignored', 'events', 'state', 'does not mark an event read', ['events/mark-read/marks-event']),
  f('event-read-marks-all', 'events', 'state', 'marks every event read', ['events/mark-read/one-event-only']),
  f('event-seen-only-one', 'events', 'state', 'marks only the given event seen', [
    'events/mark-seen/up-to-and-including',
  ]),
  f('event-seen-marks-later', 'events', 'state', 'marks later events seen too', ['events/mark-seen/later-unchanged']),
  f('event-record-incomplete', 'events', 'event', 'drops seen and read from event records', [
    'conventions/events/record-shape',
  ]),
  f('logins-own-only', 'events', 'behaviour', "lists only the caller's logins", ['events/logins/list/all-users']),
  f('login-view-own-only', 'events', 'behaviour', "refuses other users' logins", ['events/logins/view/any-user']),
  f('logins-history-unbounded', 'events', 'behaviour', 'lists logins older than 90 days', [
    'events/logins/list/history-window',
  ]),
  // Part 2: OAuth clients and transfers
  f('oauth-secret-exposed', 'oauth-clients', 'secrecy', 'returns the plaintext secret outside reset-secret', [
    'oauth-clients/view/no-plaintext-secret',
  ]),
  f('oauth-public-default-true', 'oauth-clients', 'behaviour', 'creates clients public by default', [
    'oauth-clients/create/public-default-false',
  ]),
  f(
    'oauth-client-id-unviewable',
    'oauth-clients',
    'behaviour',
    'answers a client id the client cannot be viewed under',
    ['oauth-clients/create/client-id-string'],
  ),
  f('oauth-reset-secret-unchanged', 'oauth-clients', 'secrecy', 'answers the same secret on reset', [
    'oauth-clients/reset-secret/returns-new-secret',
  ]),
  f('oauth-old-secret-kept', 'oauth-clients', 'secrecy', 'keeps accepting a replaced secret', [
    'oauth-clients/reset-secret/old-secret-expires',
  ]),
  f('oauth-delete-keeps-tokens', 'oauth-clients', 'auth', 'keeps tokens of a deleted client valid', [
    'oauth-clients/delete/tokens-invalid',
  ]),
  f('oauth-thumbnail-not-stored', 'oauth-clients', 'persistence', 'stores no uploaded thumbnail', [
    'oauth-clients/thumbnail-update/publicly-viewable',
  ]),
  f('oauth-thumbnail-any-account', 'oauth-clients', 'grant', "accepts a thumbnail for another account's client", [
    'oauth-clients/thumbnail-update/owned-client-only',
  ]),
  f('transfer-foreign-instances-accepted', 'transfers', 'behaviour', 'accepts instances the account does not own', [
    'transfers/service/create/owns-each-service',
  ]),
  f('transfer-double-booking', 'transfers', 'behaviour', 'puts an instance into two pending transfers', [
    'transfers/service/create/not-in-pending-transfer',
  ]),
  f('transfer-self-accept', 'transfers', 'state', 'lets the creating account accept', [
    'transfers/service/accept/acceptor-not-creating-account',
  ]),
  f('transfer-accept-any-status', 'transfers', 'state', 'accepts a transfer that is not pending', [
    'transfers/service/accept/requires-pending',
  ]),
  f('transfer-accept-without-payment-method', 'transfers', 'state', 'accepts without a payment method', [
    'transfers/service/accept/acceptor-payment-method',
  ]),
  f('transfer-rejected-accept-closes', 'transfers', 'state', 'cancels a transfer whose accept was refused', [
    'transfers/service/accept/rejected-stays-pending',
  ]),
  f('transfer-accept-stays-pending', 'transfers', 'state', 'leaves an accepted transfer pending', [
    'transfers/accepted',
  ]),
  f('transfer-instances-stay', 'transfers', 'state', 'does not move accepted instances', [
    'transfers/service/accept/instances-move',
  ]),
  f('transfer-cancel-by-other-account', 'transfers', 'state', 'lets another account cancel', [
    'transfers/service/cancel/creating-account-only',
  ]),
  f('transfer-cancel-accepted', 'transfers', 'state', 'cancels an accepted transfer', [
    'transfers/service/cancel/not-accepted',
  ]),
  f('transfer-cancel-expired', 'transfers', 'state', 'cancels an expired transfer', [
    'transfers/service/cancel/not-expired',
  ]),
  f('transfer-cancel-repeatable', 'transfers', 'state', 'cancels a canceled transfer again', [
    'transfers/canceled-final',
  ]),
  f('transfer-never-expires', 'transfers', 'state', 'never expires pending transfers', ['transfers/expires']),
  f('transfer-view-pending-creator-only', 'transfers', 'grant', 'hides pending transfers from other accounts', [
    'transfers/service/view/pending-any-account',
  ]),
  f('transfer-view-accepted-public', 'transfers', 'grant', 'shows accepted transfers to any account', [
    'transfers/service/view/accepted-parties-only',
  ]),
  f('transfer-view-closed-public', 'transfers', 'grant', 'shows closed transfers to any account', [
    'transfers/service/view/closed-creator-only',
  ]),
  f('transfer-list-created-only', 'transfers', 'behaviour', "leaves accepted transfers out of the acceptor's list", [
    'transfers/service/list/created-and-accepted',
  ]),
  f('transfer-list-own-user-only', 'transfers', 'behaviour', "lists only the calling user's transfers", [
    'transfers/service/list/regardless-of-user',
  ]),
  f('transfer-token-not-uuid', 'transfers', 'format', 'answers tokens that are not uuids', [
    'transfers/service/view/response/object',
  ]),
];

/** A fault name the server accepts: catalogued, or a body rule switched off by `skip:<requirement id>`. */
export function isKnownFault(name: string): boolean {
  return name.startsWith('skip:') || faults.some((x) => x.name === name);
}
