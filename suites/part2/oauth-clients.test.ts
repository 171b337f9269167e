// Conformance of the oauth-clients area (Part 2): one test per requirement.

import { conformance } from '../support/author.js';
import {
  clientGone,
  clientIdString,
  createNoSecret,
  listNoSecret,
  publicDefaultFalse,
  returnsNewSecret,
  updateNoSecret,
  viewNoSecret,
} from './oauth-clients/clients.js';
import { ownedClientOnly, publiclyViewable } from './oauth-clients/thumbnail.js';

conformance('oauth-clients', {
  'oauth-clients/list/no-plaintext-secret': listNoSecret,
  'oauth-clients/create/no-plaintext-secret': createNoSecret,
  'oauth-clients/view/no-plaintext-secret': viewNoSecret,
  'oauth-clients/update/no-plaintext-secret': updateNoSecret,
  'oauth-clients/create/public-default-false': publicDefaultFalse,
  'oauth-clients/create/client-id-string': clientIdString,
  'oauth-clients/reset-secret/returns-new-secret': returnsNewSecret,
  'oauth-clients/delete/client-gone': clientGone,
  'oauth-clients/thumbnail-update/publicly-viewable': publiclyViewable,
  'oauth-clients/thumbnail-update/owned-client-only': ownedClientOnly,
});
