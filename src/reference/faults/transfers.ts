// Faults of service transfers: each a defect the reference server can switch on, with the requirements that must fail.

import { faultsOf } from './define.js';

const f = faultsOf('transfers');

export const transfersFaults = [
  f('transfer-foreign-instances-accepted', 'behaviour', 'accepts instances the account does not own', [
    'transfers/service/create/owns-each-service',
  ]),
  f('transfer-double-booking', 'behaviour', 'puts an instance into two pending transfers', [
    'transfers/service/create/not-in-pending-transfer',
  ]),
  f('transfer-self-accept', 'state', 'lets the creating account accept', [
    'transfers/service/accept/acceptor-not-creating-account',
  ]),
  f('transfer-accept-any-status', 'state', 'accepts a transfer that is not pending', [
    'transfers/service/accept/requires-pending',
  ]),
  f('transfer-accept-without-payment-method', 'state', 'accepts without a payment method', [
    'transfers/service/accept/acceptor-payment-method',
  ]),
  f('transfer-rejected-accept-closes', 'state', 'cancels a transfer whose accept was refused', [
    'transfers/service/accept/rejected-stays-pending',
  ]),
  f('transfer-accept-stays-pending', 'state', 'leaves an accepted transfer pending', ['transfers/accepted']),
  f('transfer-instances-stay', 'state', 'does not move accepted instances', [
    'transfers/service/accept/instances-move',
  ]),
  f('transfer-cancel-by-other-account', 'state', 'lets another account cancel', [
    'transfers/service/cancel/creating-account-only',
  ]),
  f('transfer-cancel-accepted', 'state', 'cancels an accepted transfer', ['transfers/service/cancel/not-accepted']),
  f('transfer-cancel-expired', 'state', 'cancels an expired transfer', ['transfers/service/cancel/not-expired']),
  f('transfer-cancel-repeatable', 'state', 'cancels a canceled transfer again', ['transfers/canceled-final']),
  f('transfer-never-expires', 'state', 'never expires pending transfers', ['transfers/expires']),
  f('transfer-view-pending-creator-only', 'grant', 'hides pending transfers from other accounts', [
    'transfers/service/view/pending-any-account',
  ]),
  f('transfer-view-accepted-public', 'grant', 'shows accepted transfers to any account', [
    'transfers/service/view/accepted-parties-only',
  ]),
  f('transfer-view-closed-public', 'grant', 'shows closed transfers to any account', [
    'transfers/service/view/closed-creator-only',
  ]),
  f('transfer-list-created-only', 'behaviour', "leaves accepted transfers out of the acceptor's list", [
    'transfers/service/list/created-and-accepted',
  ]),
  f('transfer-list-own-user-only', 'behaviour', "lists only the calling user's transfers", [
    'transfers/service/list/regardless-of-user',
  ]),
  f('transfer-token-not-uuid', 'format', 'answers tokens that are not uuids', [
    'transfers/service/create/response/object',
  ]),
];
