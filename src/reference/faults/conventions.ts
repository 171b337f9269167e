// Faults of the conventions every area shares (errors, paging, envelopes, auth, scopes, status codes, persistence): each a defect the reference server can switch on, with the requirements that must fail.

import { faultsOf } from './define.js';

const f = faultsOf('conventions');

export const conventionsFaults = [
  f('error-field-misnamed', 'error-shape', 'names the wrong field in validation errors', [
    'conventions/error-body/field-named',
  ]),
  f('error-body-wrong-shape', 'error-shape', 'answers errors as {"error": text}', ['conventions/error-body/shape']),
  f('paging-ignored', 'paging', 'returns every item whatever the page', [
    'vpcs/subnets/list/response/envelope',
    'conventions/paging/partition',
  ]),
  f('envelope-count-off', 'envelope', 'reports one result too many', [
    'vpcs/list/response/envelope',
    'conventions/envelope/counts',
  ]),
  f('paging-bounds-ignored', 'paging', 'accepts page and page_size out of bounds', [
    'vpcs/subnets/list/page-range',
    'vpcs/subnets/list/page_size-range',
  ]),
  f('no-token-accepted', 'auth', 'answers requests that carry no token', [
    'vpcs/list/auth/token-required',
    'conventions/status/unauthenticated-401',
  ]),
  f('invalid-token-accepted', 'auth', 'answers a token it never issued as the owner', [
    'conventions/auth/invalid-token',
    'conventions/status/unauthenticated-401',
  ]),
  f('read-write-excludes-read-only', 'scope', 'refuses read_write tokens where read_only is needed', [
    'conventions/scopes/read-write-includes-read-only',
  ]),
  f('not-found-as-400', 'status', 'answers 400 for unknown ids and routes', ['conventions/status/not-found-404']),
  f('method-not-allowed-as-400', 'status', 'answers 400 to a method a path does not take', [
    'conventions/status/method-405',
  ]),
  f('oversized-body-accepted', 'status', 'reads a body above the size cap as empty', [
    'conventions/status/body-too-large-413',
  ]),
  f('non-json-accepted', 'status', 'reads a body that is not JSON as empty', ['conventions/status/not-json-415']),
  f('responses-not-json', 'behaviour', 'labels JSON answers text/plain', ['conventions/responses/json']),
  f('default-page-last', 'paging', 'answers the last page when no page is asked for', [
    'conventions/paging/default-page',
  ]),
  f('envelope-pages-missing', 'envelope', 'leaves pages out of the list envelope', ['conventions/envelope/shape']),
  f('event-for-rejected', 'event', 'records the event of an operation it rejected', [
    'conventions/events/none-for-rejected',
  ]),
  f('scope-ignored', 'scope', 'ignores token scopes', [
    'vpcs/create/auth/scope-required',
    'conventions/status/forbidden-403',
  ]),
  f('restricted-allowed', 'unrestricted-only', 'lets restricted users call unrestricted-only operations', [
    'tags/list/access/unrestricted-only',
  ]),
  f('delete-keeps-item', 'persistence', 'answers deletes but keeps the item', ['vpcs/delete/cascade']),
  f('update-ignored', 'persistence', 'answers updates but changes nothing', [
    'conventions/rejected/no-change',
    'ips/update/rdns-applied',
  ]),
];
