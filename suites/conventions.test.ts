// Conformance of the shared conventions (Part 1): one test per requirement, each tried on a sample of operations across the API.

import { bearerAccepted, invalidTokenRefused, readWriteIncludesReadOnly } from './conventions/auth.js';
import { errorBodyShapeEverywhere, fieldNamed, rejected4xx, validation400 } from './conventions/errors.js';
import {
  allow405,
  headWhereGet,
  jsonMediaTypeEverywhere,
  literalResources,
  wwwAuthenticate401,
} from './conventions/http.js';
import {
  beyondLast,
  defaultPage,
  defaultPageSizeOfLists,
  envelopeCountsOfLists,
  envelopeShapeOfLists,
  partition,
} from './conventions/paging.js';
import {
  eventRecordShapes,
  newestFirst,
  noEventForRejected,
  rejectedNoChange,
  responsesJson,
  timestampsDateTime,
} from './conventions/records.js';
import {
  bodyTooLarge413,
  forbidden403,
  method405,
  noServerErrors,
  notFound404,
  notJson415,
  unauthenticated401,
} from './conventions/status.js';
import { conformance } from './support/author.js';

conformance('conventions', {
  'conventions/error-body/shape': errorBodyShapeEverywhere,
  'conventions/error-body/field-named': fieldNamed,
  'conventions/envelope/shape': envelopeShapeOfLists,
  'conventions/envelope/counts': envelopeCountsOfLists,
  'conventions/paging/default-page': defaultPage,
  'conventions/paging/default-page-size': defaultPageSizeOfLists,
  'conventions/paging/partition': partition,
  'conventions/paging/beyond-last': beyondLast,
  'conventions/status/rejected-4xx': rejected4xx,
  'conventions/status/validation-400': validation400,
  'conventions/status/unauthenticated-401': unauthenticated401,
  'conventions/status/forbidden-403': forbidden403,
  'conventions/status/not-found-404': notFound404,
  'conventions/status/method-405': method405,
  'conventions/status/body-too-large-413': bodyTooLarge413,
  'conventions/status/not-json-415': notJson415,
  'conventions/status/no-server-error': noServerErrors,
  'conventions/auth/bearer': bearerAccepted,
  'conventions/auth/invalid-token': invalidTokenRefused,
  'conventions/scopes/read-write-includes-read-only': readWriteIncludesReadOnly,
  'conventions/timestamps/date-time': timestampsDateTime,
  'conventions/responses/json': responsesJson,
  'conventions/events/record-shape': eventRecordShapes,
  'conventions/events/newest-first': newestFirst,
  'conventions/events/none-for-rejected': noEventForRejected,
  'conventions/rejected/no-change': rejectedNoChange,
  'conventions/http/allow-405': allow405,
  'conventions/http/json-media-type': jsonMediaTypeEverywhere,
  'conventions/http/www-authenticate-401': wwwAuthenticate401,
  'conventions/http/head': headWhereGet,
  'conventions/http/literal-resources': literalResources,
});
