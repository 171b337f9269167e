// Conformance of the stackscripts area (Part 1): one test per requirement.

import { conformance, inTurn } from '../support/author.js';
import { addStackscriptsGrant, restrictedNeedsReadWrite } from './stackscripts/grants.js';
import { deletePublicRefused, makePublic, publicStaysPublic } from './stackscripts/public.js';
import { deploymentsActive, deploymentsTotal, scriptContent, usernameIsCreator } from './stackscripts/records.js';
import { anonymousPublicOnly, mine, ownListed, privateHiddenFromOthers } from './stackscripts/visibility.js';
import { visibilityModel } from './stackscripts/visibility-model.js';

conformance('stackscripts', {
  'stackscripts/list/anonymous-public-only': anonymousPublicOnly,
  'stackscripts/list/own-listed': ownListed,
  'stackscripts/private-hidden-from-others': privateHiddenFromOthers,
  'stackscripts/update/make-public': makePublic,
  'stackscripts/update/public-stays-public': inTurn(visibilityModel, publicStaysPublic),
  'stackscripts/delete/public-refused': deletePublicRefused,
  'stackscripts/view/script-content': scriptContent,
  'stackscripts/mine': mine,
  'stackscripts/username-is-creator': usernameIsCreator,
  'stackscripts/deployments-active-count': deploymentsActive,
  'stackscripts/deployments-total-count': deploymentsTotal,
  'stackscripts/create/add-stackscripts-grant': addStackscriptsGrant,
  'stackscripts/update/restricted-needs-read-write': restrictedNeedsReadWrite,
});
