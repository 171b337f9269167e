// Faults of Managed services: each a defect the reference server can switch on, with the requirements that must fail.

import { faultsOf, skipRule } from './define.js';

const f = faultsOf('managed');

export const managedFaults = [
  f('managed-credential-password-returned', 'secrecy', 'returns credential passwords', [
    'managed/credential-password-never-returned',
  ]),
  f('managed-sshkey-changes', 'behaviour', 'answers a new ssh key every time', ['managed/credentials/sshkey/same-key']),
  f('managed-ssh-defaults-wrong', 'behaviour', 'shows port 22 and user root as defaults', [
    'managed/node-settings/view/ssh-defaults',
  ]),
  f('managed-service-fragment-kept', 'behaviour', 'keeps the fragment of a service address', [
    'managed/service-address-fragment-dropped',
  ]),
  f('managed-service-query-dropped', 'behaviour', 'drops the query of a service address', [
    'managed/service-address-query-preserved',
  ]),
  skipRule('managed/credentials/create/label-unique'),
  skipRule('managed/credentials/update/label-unique'),
  skipRule('managed/services/create/region-iff-private-address'),
  skipRule('managed/services/update/region-iff-private-address'),
];
