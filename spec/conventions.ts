// The shared conventions of Part 1 (envelope, error body, paging, bearer auth, scopes) and the conventional expectations the documents leave unstated.

import type { Area, Field, LimitRow, NotShown, Param, Requirement, Resource, Source } from './types.js';

const shared: Source = { part: 1, section: 'Resources and their fields > Shared shapes' };
const limitsSection: Source = { part: 1, section: 'Limits' };
const authSection: Source = { part: 1, section: 'Authentication' };
const decisions = (n: number): Source => ({ part: 1, section: `Conventions (DECISIONS ${n})` });

export const PAGE = { min: 1, default: 1 } as const;
export const PAGE_SIZE = { min: 25, max: 500, default: 100 } as const;

export const pageParam: Param = {
  name: 'page',
  type: 'integer',
  rules: [{ kind: 'range', min: PAGE.min }],
  default: PAGE.default,
  description: 'page to return',
};
export const pageSizeParam: Param = {
  name: 'page_size',
  type: 'integer',
  rules: [{ kind: 'range', min: PAGE_SIZE.min, max: PAGE_SIZE.max }],
  default: PAGE_SIZE.default,
  description: 'items per page',
};
/** VPC and StackScript lists show `page` and `page_size` without bounds. */
export const unboundedPageParams: Param[] = [
  { name: 'page', type: 'integer', description: 'page to return; bounds not shown' },
  { name: 'page_size', type: 'integer', description: 'items per page; bounds not shown' },
];

export const envelopeFields: Field[] = [
  { name: 'data', type: 'array', items: { name: 'item', type: 'object' }, description: 'items of the current page' },
  { name: 'page', type: 'integer', description: 'current page' },
  { name: 'pages', type: 'integer', description: 'total number of pages' },
  { name: 'results', type: 'integer', description: 'total number of results' },
];

export const errorBody: Resource = {
  id: 'error-body',
  title: 'Error body',
  source: shared,
  fields: [
    {
      name: 'errors',
      type: 'array',
      items: {
        name: 'item',
        type: 'object',
        fields: [
          { name: 'field', type: 'string', description: 'name of the offending field' },
          { name: 'reason', type: 'string', description: 'human-readable text' },
        ],
      },
    },
  ],
};

/** Scope areas named by the three parts. */
export const scopeAreas: readonly Area[] = ['vpc', 'ips', 'stackscripts', 'account', 'nodes', 'events'];
export const scopeLevels = ['read_only', 'read_write'] as const;

/** Conventional statuses (DECISIONS 1); what the documents fix themselves is in each part's errors. */
export const conventionalStatus = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  methodNotAllowed: 405,
  payloadTooLarge: 413,
  unsupportedMediaType: 415,
} as const;

/**
 * What `null` means for a request field (DECISIONS 17): for an optional field it means "not given"
 * (the provider's Go client sends `"interfaces": null` for an empty optional field), for a required
 * field it is a violation as if the field were missing, for a field marked nullable it is a value.
 */
export const nullInRequests = { optional: 'absent', required: 'missing', nullable: 'value' } as const;

/** Event record fields and order (DECISIONS 9). */
export const eventRecordFields = [
  'id',
  'action',
  'created',
  'entity',
  'secondary_entity',
  'status',
  'seen',
  'read',
  'username',
] as const;
export const eventEntityFields = ['id', 'type', 'label', 'url'] as const;

const convention = (
  id: string,
  level: Requirement['level'],
  family: Requirement['family'],
  text: string,
  source: Source,
  isConvention = true,
): Requirement => ({
  id: `conventions/${id}`,
  level,
  text,
  source,
  subject: { kind: 'convention', convention: id },
  family,
  ...(isConvention ? { convention: true } : {}),
});

export const conventionRequirements: Requirement[] = [
  convention(
    'error-body/shape',
    'MUST',
    'error-shape',
    'Every failure body is an object with `errors`, an array of objects each with a string `reason` and, when present, a string `field`.',
    shared,
    false,
  ),
  convention(
    'error-body/field-named',
    'MUST',
    'error-shape',
    "On a validation error some error item's `field` names the offending field (`a.b`, `a[0].b`, `a.0.b` or the leaf name for nested fields).",
    decisions(4),
    false,
  ),
  convention(
    'envelope/shape',
    'MUST',
    'envelope',
    'Every paginated list answers an object with `data` (array), `page`, `pages` and `results` (integers).',
    shared,
    false,
  ),
  convention(
    'envelope/counts',
    'MUST',
    'envelope',
    '`results` is the total number of items, `pages` is the number of pages at the requested page size, and `page` is the page returned.',
    shared,
    false,
  ),
  convention(
    'paging/default-page',
    'MUST',
    'paging',
    'A list called without `page` returns page 1.',
    limitsSection,
    false,
  ),
  convention(
    'paging/default-page-size',
    'MUST',
    'paging',
    'A list called without `page_size` returns at most 100 items per page, and 100 when more exist.',
    limitsSection,
    false,
  ),
  convention(
    'paging/partition',
    'SHOULD',
    'paging',
    'While nothing changes, the pages of a list hold every item exactly once, in a stable order.',
    decisions(8),
  ),
  convention(
    'paging/beyond-last',
    'SHOULD',
    'paging',
    'A page beyond the last answers an empty `data` (or a 4xx) and never repeats items.',
    decisions(8),
  ),
  convention(
    'status/rejected-4xx',
    'MUST',
    'status',
    'A rejected request gets a 4xx status with the error body.',
    decisions(1),
    false,
  ),
  convention(
    'status/validation-400',
    'SHOULD',
    'status',
    'A request rejected for an invalid body, query or path value gets 400.',
    decisions(1),
  ),
  convention(
    'status/unauthenticated-401',
    'SHOULD',
    'status',
    'A request without a token, or with an invalid one, to an operation that needs authentication gets 401.',
    decisions(1),
  ),
  convention(
    'status/forbidden-403',
    'SHOULD',
    'status',
    'A request with a valid token that lacks the scope or grant gets 403.',
    decisions(1),
  ),
  convention(
    'status/not-found-404',
    'SHOULD',
    'status',
    'A request naming an unknown id or an unknown route gets 404.',
    decisions(1),
  ),
  convention(
    'status/method-405',
    'SHOULD',
    'status',
    'A method the path does not support gets 405 (or 404).',
    decisions(1),
  ),
  convention(
    'status/body-too-large-413',
    'SHOULD',
    'status',
    'A request body far larger than any operation accepts gets 413 (or 400).',
    decisions(1),
  ),
  convention(
    'status/not-json-415',
    'SHOULD',
    'status',
    'A body that is not JSON, or not sent as application/json, gets 415 or 400.',
    decisions(1),
  ),
  convention(
    'status/no-server-error',
    'SHOULD',
    'status',
    'No request, valid or not, gets a 5xx status.',
    decisions(1),
  ),
  convention(
    'auth/bearer',
    'MUST',
    'auth',
    'A token is sent as `Authorization: Bearer <token>` and a valid personal access token is accepted wherever authentication is used.',
    authSection,
    false,
  ),
  convention(
    'auth/invalid-token',
    'MUST',
    'auth',
    'A request with a token the server did not issue is refused by every operation that needs authentication.',
    authSection,
    false,
  ),
  convention(
    'scopes/read-write-includes-read-only',
    'SHOULD',
    'scope',
    'A token with `<area>:read_write` is accepted where `<area>:read_only` is required.',
    decisions(7),
  ),
  convention(
    'timestamps/date-time',
    'MUST',
    'format',
    'Timestamps are ISO 8601 date-time strings; a value without a UTC offset is reported non-strict.',
    { part: 1, section: 'Resources and their fields > Shared shapes (DECISIONS 5)' },
    false,
  ),
  convention(
    'responses/json',
    'SHOULD',
    'response',
    'Response bodies are JSON sent with a JSON content type.',
    decisions(1),
  ),
  convention(
    'events/record-shape',
    'SHOULD',
    'event',
    'An event record has `id`, `action`, `created`, `entity {id, type, label, url}`, `secondary_entity`, `status`, `seen`, `read` and `username`.',
    decisions(9),
  ),
  convention('events/newest-first', 'SHOULD', 'event', 'The events list is ordered newest first.', decisions(9)),
  convention('events/none-for-rejected', 'SHOULD', 'event', 'A rejected request emits no event.', decisions(9)),
  convention(
    'rejected/no-change',
    'SHOULD',
    'persistence',
    'A rejected request changes nothing that a later read can see.',
    decisions(1),
  ),
];

const httpSemantics: Source = { part: 1, section: 'Conventions (HTTP semantics a careful server keeps)' };

/** HTTP-level conventions (issue 17 item 6): not in the documents, expected of any careful HTTP API; SHOULD. */
export const httpConventionRequirements: Requirement[] = [
  convention(
    'http/allow-405',
    'SHOULD',
    'status',
    "A method a known route does not take answers 405 with an `Allow` header listing exactly the route's methods (HEAD and OPTIONS may be added).",
    httpSemantics,
  ),
  convention(
    'http/json-media-type',
    'SHOULD',
    'response',
    'Every answer with a JSON body, success or error, says `Content-Type: application/json`.',
    httpSemantics,
  ),
  convention(
    'http/www-authenticate-401',
    'SHOULD',
    'auth',
    'A 401 answer carries a `WWW-Authenticate` header naming the `Bearer` scheme.',
    httpSemantics,
  ),
  convention(
    'http/literal-resources',
    'SHOULD',
    'status',
    'A path whose literal segment stands where a sibling path has a parameter (`/managed/credentials/sshkey` beside `/managed/credentials/{credentialId}`) is a resource of its own, never read as an id of the sibling: a method it does not take answers 405 with an `Allow` header listing exactly its methods, and an OPTIONS answer that names methods names exactly those.',
    httpSemantics,
  ),
  convention(
    'http/head',
    'SHOULD',
    'behaviour',
    '`HEAD` is answered wherever `GET` is, with the status and content type `GET` gets and no body.',
    httpSemantics,
  ),
];

export const conventionLimits: LimitRow[] = [
  { part: 1, item: 'page', limit: 'integer >= 1, default 1', encodedAt: ['param:page'], numbers: [1, 1] },
  {
    part: 1,
    item: 'page_size',
    limit: 'integer 25..500, default 100',
    encodedAt: ['param:page_size'],
    numbers: [25, 500, 100],
  },
  {
    part: 2,
    item: 'page_size',
    limit: '25..500, default 100; page >= 1, default 1',
    encodedAt: ['param:page_size', 'param:page'],
    numbers: [25, 500, 100, 1, 1],
  },
  {
    part: 3,
    item: 'page_size',
    limit: '25..500, default 100',
    encodedAt: ['param:page_size'],
    numbers: [25, 500, 100],
  },
];

export const conventionNotShown: NotShown[] = [
  {
    subject: 'paging',
    what: 'bounds of page and page_size on the VPC and StackScript lists',
    source: limitsSection,
  },
  { subject: 'rate limits', what: 'rate limits', source: limitsSection },
  {
    subject: 'oauth',
    what: 'how tokens are issued, their lifetime and the authorization-code exchange',
    source: authSection,
  },
  {
    subject: 'versioning',
    what: 'compatibility and deprecation policy',
    source: { part: 1, section: 'Versioning' },
  },
];
