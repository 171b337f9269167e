// OAuth clients (Part 2): the client fields, the client operations, when the secret is shown, and the public thumbnail.

import { defineArea } from '../area.js';
import {
  bodyOf,
  bool,
  envelopeOf,
  length,
  noAuth,
  notShownResponse,
  objectOf,
  operations,
  scoped,
  source,
  str,
} from '../build.js';
import { on, proseOf } from '../prose.js';
import { otherRecords } from '../sections.js';
import type { Requirement, Resource } from '../types.js';

const fieldsSection = 'Resources and their fields > OAuth client';
const section = 'Endpoints > OAuth clients';
const prose = proseOf(2);

export const CLIENT_LABEL_LENGTH = { min: 1, max: 512 } as const;

const recordNotShown = 'OAuth client record fields: not shown';

export const oauthClient: Resource = {
  id: 'oauth-client',
  title: 'OAuth client',
  source: source(2, fieldsSection),
  notShown: recordNotShown,
  fields: [
    str('label', {
      create: 'required',
      update: 'optional',
      rules: [length(CLIENT_LABEL_LENGTH.min, CLIENT_LABEL_LENGTH.max)],
      description: 'shown to users asked to grant access',
    }),
    str('redirect_uri', {
      format: 'url',
      create: 'required',
      update: 'optional',
      description: 'where a successful login at {auth_url} redirects; the receiver finishes the OAuth exchange',
    }),
    bool('public', {
      create: 'optional',
      update: 'optional',
      default: false,
      description: 'public clients use a slightly different workflow',
    }),
  ],
};

const clientId = { clientId: 'string' } as const;

const ops = operations(2, 'oauth-clients', [
  {
    id: 'oauth-clients/list',
    name: 'OAuth Clients List',
    method: 'GET',
    path: '/account/oauth-clients',
    paging: 'bounded',
    response: envelopeOf(undefined, recordNotShown),
    auth: scoped('account:read_only'),
    summary: 'Lists the OAuth clients of the account.',
    section,
  },
  {
    id: 'oauth-clients/create',
    name: 'OAuth Client Create',
    method: 'POST',
    path: '/account/oauth-clients',
    body: bodyOf(oauthClient, 'create'),
    response: objectOf(undefined, recordNotShown),
    auth: scoped('account:read_write'),
    summary: 'Registers an OAuth client.',
    section,
  },
  {
    id: 'oauth-clients/view',
    name: 'OAuth Client View',
    method: 'GET',
    path: '/account/oauth-clients/{clientId}',
    params: clientId,
    response: objectOf(undefined, recordNotShown),
    auth: scoped('account:read_only'),
    summary: 'Returns one OAuth client.',
    section,
  },
  {
    id: 'oauth-clients/update',
    name: 'OAuth Client Update',
    method: 'PUT',
    path: '/account/oauth-clients/{clientId}',
    params: clientId,
    body: bodyOf(oauthClient, 'update'),
    response: objectOf(undefined, recordNotShown),
    auth: scoped('account:read_write'),
    summary: 'Updates the label, redirect URI or public flag of an OAuth client.',
    section,
  },
  {
    id: 'oauth-clients/delete',
    name: 'OAuth Client Delete',
    method: 'DELETE',
    path: '/account/oauth-clients/{clientId}',
    params: clientId,
    response: notShownResponse('the response body of an OAuth client delete is not shown'),
    auth: scoped('account:read_write'),
    effects: ['destructive'],
    summary: 'Deletes an OAuth client, invalidating its credentials and every token issued to it.',
    section,
  },
  {
    id: 'oauth-clients/reset-secret',
    name: 'OAuth Client Secret Reset',
    method: 'POST',
    path: '/account/oauth-clients/{clientId}/reset-secret',
    params: clientId,
    response: objectOf(undefined, 'the client with its new plaintext secret; field names not shown'),
    auth: scoped('account:read_write'),
    effects: ['destructive'],
    summary: 'Gives an OAuth client a new secret, returned in plaintext, and expires the old one at once.',
    section,
  },
  {
    id: 'oauth-clients/thumbnail-view',
    name: 'OAuth Client Thumbnail View',
    method: 'GET',
    path: '/account/oauth-clients/{clientId}/thumbnail',
    params: clientId,
    response: notShownResponse('the thumbnail image; its content type is not shown'),
    auth: noAuth,
    summary: "Returns an OAuth client's thumbnail image to anyone, without authentication.",
    section,
  },
  {
    id: 'oauth-clients/thumbnail-update',
    name: 'OAuth Client Thumbnail Update',
    method: 'PUT',
    path: '/account/oauth-clients/{clientId}/thumbnail',
    params: clientId,
    body: { kind: 'file', fields: [], notShown: 'an image file; content type and size limits: not shown' },
    response: notShownResponse('the response body of a thumbnail upload is not shown'),
    auth: scoped('account:read_write'),
    summary: 'Uploads the thumbnail image of a client the account owns.',
    section,
  },
]);

/** The secret is returned in plaintext only by reset-secret: one requirement per other operation that returns clients. */
const noPlaintextSecret = (operation: string, what: string): Requirement =>
  prose(
    `${operation}/no-plaintext-secret`,
    'MUST',
    `${what} does not return the client secret in plaintext.`,
    on(operation),
    'secrecy',
    fieldsSection,
  );

const requirements: Requirement[] = [
  noPlaintextSecret('oauth-clients/list', 'The OAuth clients list'),
  noPlaintextSecret('oauth-clients/create', 'OAuth Client Create'),
  noPlaintextSecret('oauth-clients/view', 'OAuth Client View'),
  noPlaintextSecret('oauth-clients/update', 'OAuth Client Update'),
  prose(
    'oauth-clients/create/public-default-false',
    'MUST',
    'A client created without `public` is not public.',
    on('oauth-clients/create', 'public'),
    'behaviour',
    fieldsSection,
  ),
  prose(
    'oauth-clients/create/client-id-string',
    'MUST',
    'A created client is identified by a client ID that is a string, under which it can be viewed.',
    on('oauth-clients/create'),
    'response',
    fieldsSection,
  ),
  prose(
    'oauth-clients/reset-secret/returns-new-secret',
    'MUST',
    'A secret reset returns the client with a new secret in plaintext, different from any secret it had before.',
    on('oauth-clients/reset-secret'),
    'response',
    section,
  ),
  prose(
    'oauth-clients/reset-secret/old-secret-expires',
    'MUST',
    'After a secret reset, the previous secret is no longer accepted at `{auth_url}`, from that moment on.',
    on('oauth-clients/reset-secret'),
    'secrecy',
    section,
  ),
  prose(
    'oauth-clients/delete/client-gone',
    'SHOULD',
    'After a successful delete, the client is no longer listed and viewing it is refused.',
    on('oauth-clients/delete'),
    'persistence',
    section,
  ),
  prose(
    'oauth-clients/delete/credentials-refused',
    'MUST',
    'After a client is deleted, its client ID and secret are no longer accepted at `{auth_url}`.',
    on('oauth-clients/delete'),
    'auth',
    section,
  ),
  prose(
    'oauth-clients/delete/tokens-invalid',
    'MUST',
    'After a client is deleted, every token issued to it is refused.',
    on('oauth-clients/delete'),
    'auth',
    section,
  ),
  prose(
    'oauth-clients/thumbnail-update/publicly-viewable',
    'MUST',
    'After a thumbnail upload, the thumbnail view answers the uploaded image to a request without a token.',
    on('oauth-clients/thumbnail-update'),
    'persistence',
    section,
  ),
  prose(
    'oauth-clients/thumbnail-update/owned-client-only',
    'MUST',
    "A thumbnail can be uploaded only for a client the caller's account owns; an upload for another account's client is refused.",
    on('oauth-clients/thumbnail-update'),
    'grant',
    section,
  ),
];

export const area = defineArea(2, 'oauth-clients', {
  resources: [oauthClient],
  operations: ops,
  requirements,
  limits: [
    {
      item: 'OAuth client label',
      limit: '1..512 characters',
      encodedAt: ['oauth-client.label'],
      numbers: [CLIENT_LABEL_LENGTH.min, CLIENT_LABEL_LENGTH.max],
    },
  ],
  notShown: [
    { subject: 'oauth-client', what: recordNotShown, source: source(2, otherRecords) },
    {
      subject: 'oauth-clients/thumbnail-update',
      what: 'content type and size limits of the thumbnail image',
      source: source(2, section),
    },
    {
      subject: 'oauth-client',
      what: 'how the workflow of public clients differs',
      source: source(2, fieldsSection),
    },
    {
      subject: 'oauth',
      what: 'authorization endpoints and token exchange details at {auth_url}',
      source: source(2, 'Authentication'),
    },
  ],
  ambiguities: [
    {
      id: 'oauth-clients/secret-on-create',
      source: source(2, fieldsSection),
      question:
        'The secret is "returned in plaintext only by the reset-secret operation", so a new client has no usable secret until it is reset.',
      encoding:
        'Encoded as written: list, create, view and update MUST NOT return the secret in plaintext; only reset-secret does.',
    },
    {
      id: 'oauth-clients/id-and-secret-fields',
      source: source(2, fieldsSection),
      question: 'The record fields holding the client ID and the secret are not named.',
      encoding:
        'No response field is asserted; the client ID is the string path parameter, and the secret checks compare values, not field names.',
    },
    {
      id: 'oauth-clients/public-workflow',
      source: source(2, fieldsSection),
      question: 'Public clients "use a slightly different workflow", which is not described.',
      encoding: 'Recorded as not shown; only the default (false) of `public` is judged.',
    },
    {
      id: 'oauth-clients/owned-client',
      source: source(2, section),
      question: 'The thumbnail upload is for "an owned client"; ownership is not defined further.',
      encoding: "Read as a client of the caller's account; other accounts' clients are refused.",
    },
  ],
});
