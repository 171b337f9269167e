// Faults of OAuth clients: each a defect the reference server can switch on, with the requirements that must fail.

import { faultsOf } from './define.js';

const f = faultsOf('oauth-clients');

export const oauthClientsFaults = [
  f('oauth-secret-exposed', 'secrecy', 'returns the plaintext secret outside reset-secret', [
    'oauth-clients/view/no-plaintext-secret',
  ]),
  f('oauth-public-default-true', 'behaviour', 'creates clients public by default', [
    'oauth-clients/create/public-default-false',
  ]),
  f('oauth-client-id-unviewable', 'behaviour', 'answers a client id the client cannot be viewed under', [
    'oauth-clients/create/client-id-string',
  ]),
  f('oauth-reset-secret-unchanged', 'secrecy', 'answers the same secret on reset', [
    'oauth-clients/reset-secret/returns-new-secret',
  ]),
  f('oauth-old-secret-kept', 'secrecy', 'keeps accepting a replaced secret', [
    'oauth-clients/reset-secret/old-secret-expires',
  ]),
  f('oauth-delete-keeps-tokens', 'auth', 'keeps tokens of a deleted client valid', [
    'oauth-clients/delete/tokens-invalid',
  ]),
  f('oauth-thumbnail-not-stored', 'persistence', 'stores no uploaded thumbnail', [
    'oauth-clients/thumbnail-update/publicly-viewable',
  ]),
  f('oauth-thumbnail-any-account', 'grant', "accepts a thumbnail for another account's client", [
    'oauth-clients/thumbnail-update/owned-client-only',
  ]),
];
