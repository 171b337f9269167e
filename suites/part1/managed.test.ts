// Conformance of the managed area (Part 1): one test per requirement.

import { conformance } from '../support/author.js';
import { passwordNeverReturned, sshKeySame, updateLabelOnly } from './managed/credentials.js';
import { ipAnyAccepted, onePerInstance, sshDefaults, updatePersisted } from './managed/node-settings.js';
import { contactRemoved, credentialRevoked, serviceRemoved } from './managed/removal.js';
import {
  credentialLabelUniqueOnCreate,
  credentialLabelUniqueOnUpdate,
  regionIffPrivateOnCreate,
  regionIffPrivateOnUpdate,
} from './managed/rules.js';
import { addressFragmentDropped, addressQueryPreserved } from './managed/services.js';

// The four cross-record and cross-field rules are derived requirements whose generic procedure
// cannot generate a request breaking only them; these procedures take their place.
conformance('managed', {
  'managed/credentials/create/label-unique': credentialLabelUniqueOnCreate,
  'managed/credentials/update/label-unique': credentialLabelUniqueOnUpdate,
  'managed/services/create/region-iff-private-address': regionIffPrivateOnCreate,
  'managed/services/update/region-iff-private-address': regionIffPrivateOnUpdate,
  'managed/contacts/delete/removed': contactRemoved,
  'managed/credential-password-never-returned': passwordNeverReturned,
  'managed/credentials/update/label-only': updateLabelOnly,
  'managed/credentials/revoke/deletes': credentialRevoked,
  'managed/credentials/sshkey/same-key': sshKeySame,
  'managed/node-settings/list/one-per-instance': onePerInstance,
  'managed/node-settings/view/ssh-defaults': sshDefaults,
  'managed/node-settings/update/persisted': updatePersisted,
  'managed/node-settings/update/ssh.ip-any-accepted': ipAnyAccepted,
  'managed/service-address-query-preserved': addressQueryPreserved,
  'managed/service-address-fragment-dropped': addressFragmentDropped,
  'managed/services/delete/removed': serviceRemoved,
});
