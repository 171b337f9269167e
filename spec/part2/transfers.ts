// Service transfers (Part 2) and their deprecated entity-transfer forms: the transfer record, its states, who may see and act on it, and the create and accept conditions.

import { defineArea } from '../area.js';
import {
  arr,
  envelopeOf,
  item,
  jsonBody,
  notShownResponse,
  obj,
  objectOf,
  operations,
  req,
  scoped,
  source,
  str,
} from '../build.js';
import { on, onTransition, proseOf } from '../prose.js';
import { statesSection } from '../sections.js';
import type { Effect, Param, Requirement, Resource } from '../types.js';

const fieldsSection = 'Resources and their fields > Service transfer';
const section = 'Endpoints > Service transfers';
const deprecatedSection = 'Endpoints > Deprecated';
const prose = proseOf(2);

/** Completion after acceptance takes up to this many hours (Limits: "up to three hours"). */
export const COMPLETION_HOURS = 3;

const recordNotShown = 'service transfer record fields other than token: not shown';

/** The record as far as it is shown: the create body (`entities`) is not said to come back, so only `token` is asserted. */
export const serviceTransfer: Resource = {
  id: 'service-transfer',
  title: 'Service transfer',
  source: source(2, fieldsSection),
  notShown: recordNotShown,
  fields: [str('token', { format: 'uuid', create: 'read-only', description: 'identifies the transfer' })],
};

/** The create body, shared by the service transfer create and its deprecated entity transfer form. */
const createBody = jsonBody([
  req(
    obj(
      'entities',
      [arr('nodes', item('integer'), { description: 'instance IDs; only instances can be transferred' })],
      {
        description: 'the services to transfer',
      },
    ),
  ),
]);

const token: Record<'token', Omit<Param, 'name'>> = { token: { type: 'string', format: 'uuid' } };
// A transfer puts the account's entities at another account's disposal: account-wide, never sent in safe mode.
const createEffects: Effect[] = ['sends-email', 'account-wide'];
const acceptEffects: Effect[] = ['irreversible', 'billing', 'sends-email'];
const cancelEffects: Effect[] = ['destructive', 'sends-email'];

const ops = operations(2, 'transfers', [
  {
    id: 'transfers/service/list',
    name: 'Service Transfers List',
    method: 'GET',
    path: '/account/service-transfers',
    paging: 'bounded',
    response: envelopeOf('service-transfer'),
    auth: scoped('account:read_only'),
    access: { unrestrictedOnly: true },
    summary: 'Lists every transfer the account created or accepted, whichever user acted.',
    section,
  },
  {
    id: 'transfers/service/create',
    name: 'Service Transfer Create',
    method: 'POST',
    path: '/account/service-transfers',
    body: createBody,
    response: objectOf('service-transfer'),
    auth: scoped('account:read_write'),
    access: { unrestrictedOnly: true },
    effects: createEffects,
    summary: 'Creates a pending transfer of instances to another account.',
    section,
  },
  {
    id: 'transfers/service/view',
    name: 'Service Transfer View',
    method: 'GET',
    path: '/account/service-transfers/{token}',
    params: token,
    response: objectOf('service-transfer'),
    auth: scoped('account:read_only'),
    access: {
      unrestrictedOnly: true,
      note: 'pending: unrestricted users of any account; accepted: of the creating and accepting accounts; canceled or expired: of the creating account',
    },
    summary: 'Returns one transfer to the unrestricted users its state allows.',
    section,
  },
  {
    id: 'transfers/service/cancel',
    name: 'Service Transfer Cancel',
    method: 'DELETE',
    path: '/account/service-transfers/{token}',
    params: token,
    response: notShownResponse('the response body of a transfer cancel is not shown'),
    auth: scoped('account:read_write'),
    access: { unrestrictedOnly: true, note: 'unrestricted users of the creating account' },
    effects: cancelEffects,
    summary: 'Cancels a pending transfer.',
    section,
  },
  {
    id: 'transfers/service/accept',
    name: 'Service Transfer Accept',
    method: 'POST',
    path: '/account/service-transfers/{token}/accept',
    params: token,
    response: notShownResponse('the response body of a transfer accept is not shown'),
    auth: scoped('account:read_write'),
    access: {
      unrestrictedOnly: true,
      note: 'an unrestricted user of the receiving account, not of the creating account',
    },
    effects: acceptEffects,
    summary: 'Accepts a pending transfer, moving its instances to the accepting account.',
    section,
  },
  {
    id: 'transfers/entity/list',
    name: 'Entity Transfers List',
    method: 'GET',
    path: '/account/entity-transfers',
    paging: 'bounded',
    response: envelopeOf(undefined, 'entity transfer record fields: not shown'),
    auth: scoped('account:read_only'),
    status: { kind: 'deprecated', replacement: ['transfers/service/list'] },
    summary: 'Deprecated form of the service transfers list.',
    section: deprecatedSection,
  },
  {
    id: 'transfers/entity/create',
    name: 'Entity Transfer Create',
    method: 'POST',
    path: '/account/entity-transfers',
    body: createBody,
    response: objectOf(undefined, 'entity transfer record fields: not shown'),
    auth: scoped('account:read_write'),
    status: { kind: 'deprecated', replacement: ['transfers/service/create'] },
    effects: createEffects,
    summary: 'Deprecated form of the service transfer create, with the same body.',
    section: deprecatedSection,
  },
  {
    id: 'transfers/entity/view',
    name: 'Entity Transfer View',
    method: 'GET',
    path: '/account/entity-transfers/{token}',
    params: token,
    response: objectOf(undefined, 'entity transfer record fields: not shown'),
    auth: scoped('account:read_only'),
    status: { kind: 'deprecated', replacement: ['transfers/service/view'] },
    summary: 'Deprecated form of the service transfer view.',
    section: deprecatedSection,
  },
  {
    id: 'transfers/entity/cancel',
    name: 'Entity Transfer Cancel',
    method: 'DELETE',
    path: '/account/entity-transfers/{token}',
    params: token,
    response: notShownResponse('the response body of an entity transfer cancel is not shown'),
    auth: scoped('account:read_write'),
    status: { kind: 'deprecated', replacement: ['transfers/service/cancel'] },
    effects: cancelEffects,
    summary: 'Deprecated form of the service transfer cancel.',
    section: deprecatedSection,
  },
  {
    id: 'transfers/entity/accept',
    name: 'Entity Transfer Accept',
    method: 'POST',
    path: '/account/entity-transfers/{token}/accept',
    params: token,
    response: notShownResponse('the response body of an entity transfer accept is not shown'),
    auth: scoped('account:read_write'),
    status: { kind: 'deprecated', replacement: ['transfers/service/accept'] },
    effects: acceptEffects,
    summary: 'Deprecated form of the service transfer accept.',
    section: deprecatedSection,
  },
]);

const create = 'transfers/service/create';
const accept = 'transfers/service/accept';
const cancel = 'transfers/service/cancel';
const view = 'transfers/service/view';
const list = 'transfers/service/list';
const row = (transition: string): Requirement['subject'] => onTransition('service-transfer', transition);

/** Each create condition is one requirement: a create that breaks it is rejected. */
const createCondition = (slug: string, text: string, field?: string): Requirement =>
  prose(`${create}/${slug}`, 'MUST', text, on(create, field), 'behaviour', statesSection);

/** Each accept condition is one requirement: an accept that breaks it is rejected. */
const acceptCondition = (slug: string, text: string): Requirement =>
  prose(`${accept}/${slug}`, 'MUST', text, on(accept), 'behaviour', statesSection);

/** Instance conditions checked at create and again at accept. */
const instanceConditions: [slug: string, text: string][] = [
  ['not-on-nodebalancer', 'an instance assigned to a NodeBalancer'],
  ['not-on-firewall', 'an instance assigned to a Firewall'],
  ['not-on-vlan', 'an instance assigned to a VLAN'],
  ['not-managed', 'an instance assigned to a managed service'],
  ['no-volume', 'an instance with an attached Block Storage Volume'],
  ['no-shared-ip', 'an instance with a shared IP address'],
  ['no-ipv6-range', 'an instance with an assigned /56, /64 or /116 IPv6 range'],
];

const createConditions: Requirement[] = [
  createCondition(
    'no-past-due-balance',
    'A transfer create is rejected while the creating account has a past-due balance.',
  ),
  createCondition(
    'no-tos-violation',
    'A transfer create is rejected while the creating account has an active Terms of Service violation.',
  ),
  createCondition(
    'owns-each-service',
    'A transfer create is rejected unless the creating account owns every service it names.',
    'entities.nodes.item',
  ),
  createCondition(
    'not-in-pending-transfer',
    'A transfer create is rejected when a service it names is already in another pending transfer.',
    'entities.nodes.item',
  ),
  createCondition(
    'not-in-incomplete-accepted-transfer',
    'A transfer create is rejected when a service it names is in another transfer that was accepted and has not completed.',
    'entities.nodes.item',
  ),
  ...instanceConditions.map(([slug, what]) =>
    createCondition(slug, `A transfer create is rejected when it names ${what}.`, 'entities.nodes.item'),
  ),
];

const acceptConditions: Requirement[] = [
  acceptCondition('requires-pending', 'A transfer accept is rejected unless the transfer is pending.'),
  acceptCondition(
    'acceptor-payment-method',
    'A transfer accept is rejected unless the accepting account has a registered payment method.',
  ),
  acceptCondition(
    'acceptor-no-past-due-balance',
    'A transfer accept is rejected while the accepting account has a past-due balance.',
  ),
  acceptCondition(
    'acceptor-no-other-limitation',
    'A transfer accept is rejected while the accepting account has any other limitation for the services.',
  ),
  acceptCondition(
    'no-tos-violation',
    'A transfer accept is rejected while the creating or the accepting account has an active Terms of Service violation.',
  ),
  acceptCondition(
    'creator-still-owns',
    'A transfer accept is rejected unless the creating account still owns every service of the transfer.',
  ),
  acceptCondition(
    'instance-conditions-hold',
    'A transfer accept is rejected when an instance of the transfer no longer meets the instance conditions of create (no NodeBalancer, Firewall, VLAN, managed service, attached volume, shared IP address or assigned IPv6 range).',
  ),
  acceptCondition(
    'acceptor-not-creating-account',
    'A transfer accept is rejected when the caller is a user of the creating account.',
  ),
];

const requirements: Requirement[] = [
  ...createConditions,
  prose(
    `${create}/instances-only`,
    'MUST',
    'A transfer carries instances only; no other kind of service is transferred.',
    on(create, 'entities.nodes'),
    'behaviour',
    fieldsSection,
  ),
  prose(
    `${create}/confirmation-email`,
    'MUST',
    'A transfer create sends a confirmation email holding the transfer token to the creating account.',
    on(create),
    'behaviour',
    statesSection,
  ),
  ...acceptConditions,
  prose(
    `${accept}/rejected-stays-pending`,
    'MUST',
    'A rejected accept leaves the transfer pending, so that unmet conditions can be cured and the transfer accepted before it expires.',
    on(accept),
    'state',
    statesSection,
  ),
  prose(
    `${accept}/emails-both-accounts`,
    'MUST',
    'A transfer accept sends an email to the creating account and to the accepting account.',
    on(accept),
    'behaviour',
    statesSection,
  ),
  prose(
    `${accept}/completes-within-limit`,
    'MUST',
    `An accepted transfer completes within ${COMPLETION_HOURS} hours of acceptance.`,
    on(accept),
    'behaviour',
    statesSection,
  ),
  prose(
    `${accept}/instances-move`,
    'MUST',
    'Once an accepted transfer completes, its instances belong to the accepting account and no longer to the creating account.',
    on(accept),
    'state',
    statesSection,
  ),
  prose(
    `${accept}/billing-moves`,
    'MUST',
    'Once an accepted transfer completes, billing of its services ends for the creating account and starts for the accepting account.',
    on(accept),
    'behaviour',
    statesSection,
  ),
  prose(
    `${accept}/services-keep-running`,
    'MUST',
    'The services of an accepted transfer keep running through the transfer.',
    on(accept),
    'behaviour',
    statesSection,
  ),
  prose(
    `${accept}/backups-move`,
    'MUST',
    'The backups of a transferred instance move with it to the accepting account.',
    on(accept),
    'behaviour',
    statesSection,
  ),
  prose(
    `${accept}/dns-not-moved`,
    'MUST',
    'DNS records of the transferred services are not moved to the accepting account.',
    on(accept),
    'behaviour',
    statesSection,
  ),
  prose(
    `${cancel}/creating-account-only`,
    'MUST',
    'A transfer can be canceled only by an unrestricted user of the creating account; users of other accounts are refused.',
    on(cancel),
    'grant',
    section,
  ),
  prose(`${cancel}/not-accepted`, 'MUST', 'An accepted transfer cannot be canceled.', on(cancel), 'state', section),
  prose(`${cancel}/not-expired`, 'MUST', 'An expired transfer cannot be canceled.', on(cancel), 'state', section),
  prose(
    `${cancel}/cancellation-email`,
    'MUST',
    'A transfer cancel sends a cancellation email to the creating account.',
    on(cancel),
    'behaviour',
    statesSection,
  ),
  prose(
    `${view}/pending-any-account`,
    'MUST',
    'A pending transfer can be viewed by any unrestricted user of any account.',
    on(view),
    'grant',
    section,
  ),
  prose(
    `${view}/accepted-parties-only`,
    'MUST',
    'An accepted transfer can be viewed only by unrestricted users of the creating and the accepting accounts.',
    on(view),
    'secrecy',
    section,
  ),
  prose(
    `${view}/closed-creator-only`,
    'MUST',
    'A canceled or expired transfer can be viewed only by unrestricted users of the creating account.',
    on(view),
    'secrecy',
    section,
  ),
  prose(
    `${list}/created-and-accepted`,
    'MUST',
    'The transfers list holds every transfer the account created and every transfer it accepted.',
    on(list),
    'behaviour',
    section,
  ),
  prose(
    `${list}/regardless-of-user`,
    'MUST',
    'The transfers list holds the transfers of the account whichever of its users created or accepted them.',
    on(list),
    'behaviour',
    section,
  ),
  prose(
    'transfers/created-pending',
    'MUST',
    'A successfully created transfer is pending.',
    row('create'),
    'state',
    statesSection,
  ),
  prose(
    'transfers/accepted',
    'MUST',
    'A successfully accepted transfer is accepted.',
    row('accept'),
    'state',
    statesSection,
  ),
  prose(
    'transfers/canceled',
    'MUST',
    'A successfully canceled transfer is canceled.',
    row('cancel'),
    'state',
    statesSection,
  ),
  prose(
    'transfers/canceled-final',
    'MUST',
    'A canceled transfer cannot be acted on afterwards: it can be neither canceled again nor accepted.',
    row('cancel'),
    'state',
    statesSection,
  ),
  prose(
    'transfers/expires',
    'MUST',
    'A pending transfer becomes expired when its expiration time is reached, and then can be neither canceled nor accepted.',
    row('expire'),
    'state',
    statesSection,
  ),
];

export const area = defineArea(2, 'transfers', {
  resources: [serviceTransfer],
  operations: ops,
  requirements,
  stateTables: [
    {
      id: 'service-transfer',
      subject: 'Service transfer',
      source: source(2, statesSection),
      states: ['pending', 'accepted', 'canceled', 'expired'],
      transitions: [
        {
          id: 'create',
          row: { state: '(none)', trigger: 'Service Transfer Create', condition: 'conditions below hold' },
          trigger: create,
          from: '(none)',
          to: 'pending',
          condition: 'every create condition holds',
          also: 'confirmation email with transfer token to the creating account',
        },
        {
          id: 'accept',
          row: { state: 'pending', trigger: 'Service Transfer Accept', condition: 'acceptor conditions below hold' },
          trigger: accept,
          from: 'pending',
          to: 'accepted',
          condition: 'every accept condition holds',
          also: 'emails to both accounts; completion takes up to three hours; then billing of the services ends for the sender and starts for the receiver; services keep running; backups move too; DNS records are not moved',
        },
        {
          id: 'cancel',
          row: {
            state: 'pending',
            trigger: 'Service Transfer Cancel',
            condition: 'caller is an unrestricted user of the creating account',
          },
          trigger: cancel,
          from: 'pending',
          to: 'canceled',
          condition: 'caller is an unrestricted user of the creating account',
          also: 'cancellation email to the creating account; cannot be acted on afterwards',
        },
        {
          id: 'expire',
          row: { state: 'pending', trigger: 'expiration time reached', condition: '-' },
          trigger: 'external:expiration',
          from: 'pending',
          to: 'expired',
          also: 'cannot be canceled or accepted; the expiry period: not shown',
        },
      ],
      notShown: 'the expiry period',
    },
  ],
  errors: [
    {
      id: 'service-transfer-unmet-conditions',
      condition: 'Service transfer create or accept with unmet conditions',
      behaviour: 'rejected',
      operations: [create, accept],
      requirements: [...createConditions, ...acceptConditions]
        .map((r) => r.id)
        .concat(`${accept}/access/unrestricted-only`),
    },
  ],
  limits: [
    {
      item: 'Transfer completion time after acceptance',
      limit: 'up to three hours',
      encodedAt: [],
      numbers: [],
      note: `A duration no rule can hold: ${accept}/completes-within-limit (excluded, group time).`,
    },
  ],
  notShown: [
    { subject: 'service-transfer', what: recordNotShown, source: source(2, fieldsSection) },
    { subject: 'service-transfer', what: 'the expiry period', source: source(2, statesSection) },
    {
      subject: 'transfers',
      what: 'response bodies of transfer cancel and accept, and the entity transfer records',
      source: source(2, 'Endpoints'),
    },
  ],
  ambiguities: [
    {
      id: 'transfers/status-values',
      source: source(2, statesSection),
      question:
        'The status values are written `pending`, `accepted`, canceled, expired: only the first two as literal values, and the record field holding them is not named.',
      encoding:
        'All four are the states of the state table; no status field or enum is put on the record, so no literal value is asserted.',
    },
    {
      id: 'transfers/nodes-presence',
      source: source(2, fieldsSection),
      question: '`entities` is required, but whether `nodes` must be present or non-empty is not stated.',
      encoding: 'Only `entities` is required; `nodes` is an optional array of integers with no size rule.',
    },
    {
      id: 'transfers/record-response',
      source: source(2, fieldsSection),
      question:
        'Part 2 shows no response bodies unless a sentence says so, yet the transfer is "identified by `token`" with "other record fields: not shown".',
      encoding:
        'List, create and view answer the `service-transfer` record, whose only asserted field is `token` (the `entities` of the create body are not said to come back); cancel and accept answers are not shown.',
    },
    {
      id: 'transfers/entity-transfer-access',
      source: source(2, deprecatedSection),
      question:
        'For the deprecated entity transfer operations the document gives only the replacements, the shared create body and the scopes.',
      encoding:
        'They carry the scopes and body only, with no unrestricted-only access and no condition or visibility requirements; their effects mirror the replacements.',
    },
    {
      id: 'transfers/accepted-incomplete',
      source: source(2, statesSection),
      question: '"Accepted-and-incomplete" is not defined further.',
      encoding: `Read as accepted but not yet completed (completion takes up to ${COMPLETION_HOURS} hours).`,
    },
    {
      id: 'transfers/receiving-account',
      source: source(2, statesSection),
      question: 'The transfer names no receiving account: which account is "the receiving account"?',
      encoding:
        'Any account other than the creating one may accept a pending transfer; the account of the accepting user receives the instances.',
    },
    {
      id: 'transfers/other-limitation',
      source: source(2, statesSection),
      question: '"No other limitation for the services" on the accepting account is not specified.',
      encoding: 'Kept as a requirement that cannot be observed from outside.',
    },
  ],
});
