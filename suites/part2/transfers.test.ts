// Conformance of the transfers area (Part 2): one test per requirement.

import { conformance, inTurn } from '../support/author.js';
import {
  cancelCreatorOnly,
  cancelNotAccepted,
  cancelNotExpired,
  listCreatedAndAccepted,
  listRegardlessOfUser,
  viewAcceptedPartiesOnly,
  viewClosedCreatorOnly,
  viewPendingAnyAccount,
} from './transfers/access.js';
import {
  acceptorNotCreator,
  acceptorPaymentMethod,
  instancesOnly,
  ownsEachService,
  rejectedStaysPending,
  requiresPending,
} from './transfers/conditions.js';
import {
  backupsMove,
  creatorStillOwns,
  instanceConditionsHold,
  instancesMove,
  notInPendingTransfer,
  notOnVlan,
  servicesKeepRunning,
} from './transfers/instances.js';
import { acceptedState, canceledFinal, canceledState, createdPending, expires } from './transfers/states.js';
import { statesModel } from './transfers/states-model.js';

const service = 'transfers/service';

conformance('transfers', {
  [`${service}/create/owns-each-service`]: ownsEachService,
  [`${service}/create/not-in-pending-transfer`]: notInPendingTransfer,
  [`${service}/create/not-on-vlan`]: notOnVlan,
  [`${service}/create/instances-only`]: instancesOnly,
  [`${service}/accept/requires-pending`]: requiresPending,
  [`${service}/accept/acceptor-payment-method`]: acceptorPaymentMethod,
  [`${service}/accept/creator-still-owns`]: creatorStillOwns,
  [`${service}/accept/instance-conditions-hold`]: instanceConditionsHold,
  [`${service}/accept/acceptor-not-creating-account`]: acceptorNotCreator,
  [`${service}/accept/rejected-stays-pending`]: rejectedStaysPending,
  [`${service}/accept/instances-move`]: instancesMove,
  [`${service}/accept/services-keep-running`]: servicesKeepRunning,
  [`${service}/accept/backups-move`]: backupsMove,
  [`${service}/cancel/creating-account-only`]: cancelCreatorOnly,
  [`${service}/cancel/not-accepted`]: cancelNotAccepted,
  [`${service}/cancel/not-expired`]: cancelNotExpired,
  [`${service}/view/pending-any-account`]: viewPendingAnyAccount,
  [`${service}/view/accepted-parties-only`]: viewAcceptedPartiesOnly,
  [`${service}/view/closed-creator-only`]: viewClosedCreatorOnly,
  [`${service}/list/created-and-accepted`]: listCreatedAndAccepted,
  [`${service}/list/regardless-of-user`]: listRegardlessOfUser,
  'transfers/created-pending': createdPending,
  'transfers/accepted': acceptedState,
  'transfers/canceled': canceledState,
  'transfers/canceled-final': inTurn(statesModel, canceledFinal),
  'transfers/expires': expires,
});
