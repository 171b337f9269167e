// Managed-service monitoring (Part 1): contacts, credentials, per-instance ssh settings, services, issues and statistics, for unrestricted users only.

import { defineArea } from '../area.js';
import {
  arr,
  bodyOf,
  bool,
  envelopeOf,
  int,
  item,
  jsonBody,
  length,
  maxLength,
  notShownResponse,
  type OperationInput,
  obj,
  oneOf,
  operations,
  range,
  req,
  scoped,
  source,
  str,
} from '../build.js';
import { on, onResource, onTransition, proseOf } from '../prose.js';
import { statesSection } from '../sections.js';
import type { CrossRule, Field, Operation, Requirement, Resource } from '../types.js';

const resourcesSection = 'Resources and their fields > Managed resources';
const endpointsSection = 'Endpoints > Managed';
const prose = proseOf(1);

// Limits of the managed resources, each stated once.
const CONTACT_NAME = { min: 2, max: 64 } as const;
const CONTACT_GROUP = { min: 2, max: 50 } as const;
const CREDENTIAL_LABEL = { min: 2, max: 75 } as const;
const CREDENTIAL_USERNAME_MAX = 5000;
const SERVICE_LABEL = { min: 3, max: 64 } as const;
const SERVICE_ADDRESS = { min: 3, max: 100 } as const;
const SERVICE_TIMEOUT = { min: 1, max: 255 } as const;
const SERVICE_BODY_MAX = 100;
const CONSULTATION_GROUP_MAX = 50;
const SSH_PORT = { min: 1, max: 65535 } as const;
const SSH_USER_MAX = 32;
/** Address ranges read as "private IP" for the service region rule (see the ambiguity). */
const PRIVATE_RANGES = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'];

const responsesNotShown =
  'response fields of contacts, credentials, services, issues, per-instance settings and statistics';
const either = { create: 'optional', update: 'optional' } as const;

/** A row of the Managed resources section; none of their responses is shown. */
const managedResource = (id: string, title: string, fields: Field[], rules?: CrossRule[]): Resource => ({
  id,
  title,
  source: source(1, resourcesSection),
  notShown: responsesNotShown,
  fields,
  ...(rules ? { rules } : {}),
});

export const managedContact = managedResource('managed-contact', 'Managed contact', [
  str('name', { ...either, rules: [length(CONTACT_NAME.min, CONTACT_NAME.max)] }),
  str('email', { ...either, format: 'email', description: 'address used to alert the contact' }),
  str('group', {
    ...either,
    nullable: true,
    rules: [length(CONTACT_GROUP.min, CONTACT_GROUP.max)],
    description: 'display only',
  }),
  obj(
    'phone',
    [str('primary', { format: 'phone', nullable: true }), str('secondary', { format: 'phone', nullable: true })],
    either,
  ),
]);

const credentialPassword = str('password', {
  description: 'password responders use',
  secret: { what: 'credential password', words: 'stored securely for responders' },
});
const credentialUsername = str('username', { rules: [maxLength(CREDENTIAL_USERNAME_MAX)] });
const onlyByPasswordUpdate = { via: 'managed/credentials/update-password' } as const;

const credentialLabelUnique: CrossRule = {
  id: 'label-unique',
  kind: 'unique-among',
  fields: ['label'],
  params: { among: 'managed credentials of the account' },
  text: '`label` is unique among the managed credentials of the account.',
};

export const managedCredential = managedResource(
  'managed-credential',
  'Managed credential',
  [
    str('label', {
      create: 'required',
      update: 'optional',
      rules: [length(CREDENTIAL_LABEL.min, CREDENTIAL_LABEL.max)],
      description: 'unique, display only',
    }),
    { ...credentialPassword, create: 'required', update: onlyByPasswordUpdate },
    { ...credentialUsername, create: 'optional', update: onlyByPasswordUpdate },
  ],
  [credentialLabelUnique],
);

const regionIffPrivateAddress: CrossRule = {
  id: 'region-iff-private-address',
  kind: 'custom',
  fields: ['region', 'address'],
  params: { check: 'region-iff-private-address', privateRanges: PRIVATE_RANGES },
  text: '`region` is required when `address` is a private IP address and must not be set otherwise.',
};

export const managedService = managedResource(
  'managed-service',
  'Managed service',
  [
    str('label', {
      create: 'required',
      update: 'optional',
      rules: [length(SERVICE_LABEL.min, SERVICE_LABEL.max)],
      description: 'display only',
    }),
    str('service_type', {
      create: 'required',
      update: 'optional',
      rules: [oneOf('url', 'tcp')],
      description: 'how the service is monitored',
    }),
    str('address', {
      create: 'required',
      update: 'optional',
      format: 'url',
      rules: [length(SERVICE_ADDRESS.min, SERVICE_ADDRESS.max)],
      description: 'URL query parameters are preserved, fragments are not',
    }),
    int('timeout', {
      create: 'required',
      update: 'optional',
      rules: [range(SERVICE_TIMEOUT.min, SERVICE_TIMEOUT.max)],
      description: 'seconds to wait for a response before the service counts as down',
    }),
    str('body', {
      ...either,
      nullable: true,
      rules: [maxLength(SERVICE_BODY_MAX)],
      description: 'text expected in the response body for the service to count as up',
    }),
    str('consultation_group', {
      ...either,
      rules: [maxLength(CONSULTATION_GROUP_MAX)],
      description: 'group of managed contacts to notify or consult when an issue is detected',
    }),
    arr('credentials', item('integer'), {
      ...either,
      description: 'IDs of managed credentials to use when resolving issues',
    }),
    str('notes', { ...either, nullable: true, description: 'information for the responders' }),
    str('region', { ...either, description: 'required when address is a private IP, must not be set otherwise' }),
  ],
  [regionIffPrivateAddress],
);

/** The documented default of `ssh.ip`: not an address but a keyword for any of the instance's addresses. */
const SSH_ANY_ADDRESS = 'any';

const ssh: Field = obj(
  'ssh',
  [
    bool('access', {
      default: true,
      description: 'whether responders may reach the instance over ssh to respond to issues',
    }),
    str('ip', {
      default: SSH_ANY_ADDRESS,
      rules: [
        {
          kind: 'custom',
          id: 'format',
          check: 'ip-or-any',
          text: `be an IP address, or \`${SSH_ANY_ADDRESS}\` for any address of the instance`,
          params: { keyword: SSH_ANY_ADDRESS },
        },
      ],
      description: 'address responders use; by default any address of the instance may be used',
    }),
    int('port', {
      nullable: true,
      default: null,
      rules: [range(SSH_PORT.min, SSH_PORT.max)],
      description: 'null means port 22',
    }),
    str('user', {
      nullable: true,
      default: null,
      rules: [maxLength(SSH_USER_MAX)],
      description: 'null means the root user',
    }),
  ],
  { update: 'optional' },
);

export const managedNodeSettings = managedResource('managed-node-settings', 'Managed per-instance settings', [ssh]);

// Operations ----------------------------------------------------------------------------------

type ManagedInput = Omit<OperationInput, 'access' | 'section'>;
/** Every managed operation is for unrestricted users only and listed under Endpoints > Managed. */
const managed = (input: ManagedInput): OperationInput => ({
  ...input,
  access: { unrestrictedOnly: true },
  section: endpointsSection,
});
const list = (what: string) => envelopeOf(undefined, `fields of the ${what}`);
const notShown = (what: string) => notShownResponse(`response body of ${what}`);

const inputs: ManagedInput[] = [
  {
    id: 'managed/contacts/list',
    name: 'Managed Contacts List',
    method: 'GET',
    path: '/managed/contacts',
    paging: 'bounded',
    response: list('managed contacts'),
    auth: scoped('account:read_only'),
    summary: 'Lists the managed contacts.',
  },
  {
    id: 'managed/contacts/create',
    name: 'Managed Contact Create',
    method: 'POST',
    path: '/managed/contacts',
    body: bodyOf(managedContact, 'create'),
    response: notShown('managed contact create'),
    auth: scoped('account:read_write'),
    summary: 'Creates a managed contact.',
  },
  {
    id: 'managed/contacts/view',
    name: 'Managed Contact View',
    method: 'GET',
    path: '/managed/contacts/{contactId}',
    params: { contactId: 'integer' },
    response: notShown('managed contact view'),
    auth: scoped('account:read_write'),
    summary: 'Returns one managed contact.',
  },
  {
    id: 'managed/contacts/update',
    name: 'Managed Contact Update',
    method: 'PUT',
    path: '/managed/contacts/{contactId}',
    params: { contactId: 'integer' },
    body: bodyOf(managedContact, 'update'),
    response: notShown('managed contact update'),
    auth: scoped('account:read_write'),
    summary: 'Updates a managed contact.',
  },
  {
    id: 'managed/contacts/delete',
    name: 'Managed Contact Delete',
    method: 'DELETE',
    path: '/managed/contacts/{contactId}',
    params: { contactId: 'integer' },
    response: notShown('managed contact delete'),
    auth: scoped('account:read_write'),
    effects: ['destructive'],
    summary: 'Deletes a managed contact.',
  },
  {
    id: 'managed/credentials/list',
    name: 'Managed Credentials List',
    method: 'GET',
    path: '/managed/credentials',
    paging: 'bounded',
    response: list('managed credentials'),
    auth: scoped('account:read_only'),
    summary: 'Lists the managed credentials.',
  },
  {
    id: 'managed/credentials/create',
    name: 'Managed Credential Create',
    method: 'POST',
    path: '/managed/credentials',
    body: bodyOf(managedCredential, 'create'),
    response: notShown('managed credential create'),
    auth: scoped('account:read_write'),
    summary: 'Creates a managed credential, stored securely for responders.',
  },
  {
    id: 'managed/credentials/sshkey',
    name: 'Managed SSH Key View',
    method: 'GET',
    path: '/managed/credentials/sshkey',
    response: notShownResponse('the ssh public key record'),
    auth: scoped('account:read_only'),
    summary: "Returns the unique ssh public key of the account's managed service.",
  },
  {
    id: 'managed/credentials/view',
    name: 'Managed Credential View',
    method: 'GET',
    path: '/managed/credentials/{credentialId}',
    params: { credentialId: 'integer' },
    response: notShown('managed credential view'),
    auth: scoped('account:read_write'),
    summary: 'Returns one managed credential.',
  },
  {
    id: 'managed/credentials/update',
    name: 'Managed Credential Update',
    method: 'PUT',
    path: '/managed/credentials/{credentialId}',
    params: { credentialId: 'integer' },
    body: bodyOf(managedCredential, 'update'),
    response: notShown('managed credential update'),
    auth: scoped('account:read_write'),
    summary: 'Updates only the label of a managed credential.',
  },
  {
    id: 'managed/credentials/revoke',
    name: 'Managed Credential Revoke',
    method: 'POST',
    path: '/managed/credentials/{credentialId}/revoke',
    params: { credentialId: 'integer' },
    response: notShown('managed credential revoke'),
    auth: scoped('account:read_write'),
    effects: ['destructive'],
    summary: 'Deletes a managed credential, so responders lose access.',
  },
  {
    id: 'managed/credentials/update-password',
    name: 'Managed Credential Username and Password Update',
    method: 'POST',
    path: '/managed/credentials/{credentialId}/update',
    params: { credentialId: 'integer' },
    body: jsonBody([req(credentialPassword), credentialUsername]),
    response: notShown('managed credential username and password update'),
    auth: scoped('account:read_write'),
    summary: 'Updates the username and password of a managed credential.',
  },
  {
    id: 'managed/issues/list',
    name: 'Managed Issues List',
    method: 'GET',
    path: '/managed/issues',
    paging: 'bounded',
    response: list('managed issues'),
    auth: scoped('account:read_only'),
    summary: 'Lists recent and ongoing managed issues.',
  },
  {
    id: 'managed/issues/view',
    name: 'Managed Issue View',
    method: 'GET',
    path: '/managed/issues/{issueId}',
    params: { issueId: 'integer' },
    response: notShown('managed issue view'),
    auth: scoped('account:read_only'),
    summary: 'Returns one managed issue.',
  },
  {
    id: 'managed/node-settings/list',
    name: 'Managed Instance Settings List',
    method: 'GET',
    path: '/managed/node-settings',
    paging: 'bounded',
    response: list('per-instance settings'),
    auth: scoped('account:read_only'),
    summary: 'Lists the managed settings of every instance on the account.',
  },
  {
    id: 'managed/node-settings/view',
    name: 'Managed Instance Settings View',
    method: 'GET',
    path: '/managed/node-settings/{nodeId}',
    params: { nodeId: 'integer' },
    response: notShown('managed instance settings view'),
    auth: scoped('account:read_only'),
    summary: "Returns one instance's managed settings.",
  },
  {
    id: 'managed/node-settings/update',
    name: 'Managed Instance Settings Update',
    method: 'PUT',
    path: '/managed/node-settings/{nodeId}',
    params: { nodeId: 'integer' },
    body: bodyOf(managedNodeSettings, 'update'),
    response: notShown('managed instance settings update'),
    auth: scoped('account:read_write'),
    summary: "Updates an instance's managed ssh settings.",
  },
  {
    id: 'managed/services/list',
    name: 'Managed Services List',
    method: 'GET',
    path: '/managed/services',
    response: notShownResponse('the list of managed services: neither its shape nor its item fields are shown'),
    auth: scoped('account:read_only'),
    summary: 'Lists the managed services.',
  },
  {
    id: 'managed/services/create',
    name: 'Managed Service Create',
    method: 'POST',
    path: '/managed/services',
    body: bodyOf(managedService, 'create'),
    response: notShown('managed service create'),
    auth: scoped('account:read_write'),
    summary: 'Creates a managed service; monitoring, reporting and resolution begin.',
  },
  {
    id: 'managed/services/view',
    name: 'Managed Service View',
    method: 'GET',
    path: '/managed/services/{serviceId}',
    params: { serviceId: 'integer' },
    response: notShown('managed service view'),
    auth: scoped('account:read_only'),
    summary: 'Returns one managed service.',
  },
  {
    id: 'managed/services/update',
    name: 'Managed Service Update',
    method: 'PUT',
    path: '/managed/services/{serviceId}',
    params: { serviceId: 'integer' },
    body: bodyOf(managedService, 'update'),
    response: notShown('managed service update'),
    auth: scoped('account:read_write'),
    summary: 'Updates a managed service.',
  },
  {
    id: 'managed/services/delete',
    name: 'Managed Service Delete',
    method: 'DELETE',
    path: '/managed/services/{serviceId}',
    params: { serviceId: 'integer' },
    response: notShown('managed service delete'),
    auth: scoped('account:read_write'),
    effects: ['destructive'],
    summary: 'Deletes a managed service, which is then no longer monitored.',
  },
  {
    id: 'managed/services/disable',
    name: 'Managed Service Disable',
    method: 'POST',
    path: '/managed/services/{serviceId}/disable',
    params: { serviceId: 'integer' },
    response: notShown('managed service disable'),
    auth: scoped('account:read_write'),
    summary: 'Temporarily disables monitoring of a managed service.',
  },
  {
    id: 'managed/services/enable',
    name: 'Managed Service Enable',
    method: 'POST',
    path: '/managed/services/{serviceId}/enable',
    params: { serviceId: 'integer' },
    response: notShown('managed service enable'),
    auth: scoped('account:read_write'),
    summary: 'Enables monitoring of a managed service.',
  },
  {
    id: 'managed/stats',
    name: 'Managed Stats List',
    method: 'GET',
    path: '/managed/stats',
    response: notShownResponse('field names and shape of the x/y data points of the managed statistics'),
    auth: scoped('account:read_only'),
    summary: 'Returns x/y data points of the last 24 hours, combined across all managed instances.',
  },
];

const ops = operations(1, 'managed', inputs.map(managed));

// Requirements written from prose ---------------------------------------------------------------

const onMonitoring = (transition: string): Requirement['subject'] =>
  onTransition('managed-service-monitoring', transition);

const requirements: Requirement[] = [
  // Contacts
  prose(
    'managed/contacts/delete/removed',
    'MUST',
    'After Managed Contact Delete the contact is no longer listed and can no longer be viewed.',
    on('managed/contacts/delete'),
    'persistence',
    endpointsSection,
  ),
  prose(
    'managed/contact-alerted-by-email',
    'MUST',
    "A managed contact's `email` is the address used to alert the contact.",
    onResource('managed-contact', 'email'),
    'behaviour',
    resourcesSection,
  ),
  // Credentials
  prose(
    'managed/credentials/create/stored-securely',
    'MUST',
    'Managed Credential Create stores the credential securely for the responders.',
    on('managed/credentials/create'),
    'behaviour',
    endpointsSection,
  ),
  prose(
    'managed/credential-password-never-returned',
    'SHOULD',
    'No response ever contains the password of a managed credential.',
    onResource('managed-credential', 'password'),
    'secrecy',
    resourcesSection,
    true,
  ),
  prose(
    'managed/credentials/update/label-only',
    'MUST',
    'Managed Credential Update changes only the label; a `password` or `username` in its body is not applied.',
    on('managed/credentials/update', 'label'),
    'not-accepted',
    endpointsSection,
  ),
  prose(
    'managed/credentials/update-password/applied',
    'MUST',
    'The username-and-password update replaces the stored password, and the username when one is given.',
    on('managed/credentials/update-password', 'password'),
    'persistence',
    endpointsSection,
  ),
  prose(
    'managed/credentials/revoke/deletes',
    'MUST',
    'After Managed Credential Revoke the credential is no longer listed and can no longer be viewed.',
    on('managed/credentials/revoke'),
    'persistence',
    endpointsSection,
  ),
  prose(
    'managed/credentials/revoke/responders-lose-access',
    'MUST',
    'After Managed Credential Revoke the responders can no longer use the credential.',
    on('managed/credentials/revoke'),
    'behaviour',
    endpointsSection,
  ),
  prose(
    'managed/credentials/sshkey/same-key',
    'MUST',
    'Managed SSH Key View answers the same public key on every call for the account.',
    on('managed/credentials/sshkey'),
    'behaviour',
    endpointsSection,
  ),
  prose(
    'managed/credentials/sshkey/responders-log-in',
    'MUST',
    'Once the managed ssh public key is added to an instance, the responders can log in to it.',
    on('managed/credentials/sshkey'),
    'behaviour',
    endpointsSection,
  ),
  // Issues
  prose(
    'managed/issues/list/recent-and-ongoing',
    'MUST',
    'The managed issues list holds the recent and ongoing issues detected by monitoring.',
    on('managed/issues/list'),
    'behaviour',
    endpointsSection,
  ),
  // Per-instance settings
  prose(
    'managed/node-settings/list/one-per-instance',
    'MUST',
    'The managed per-instance settings list holds exactly one entry for each instance on the account.',
    on('managed/node-settings/list'),
    'behaviour',
    endpointsSection,
  ),
  prose(
    'managed/node-settings/view/ssh-defaults',
    'SHOULD',
    'For an instance whose ssh settings were never updated, the settings view shows `ssh` with `access` true, `ip` `any`, `port` null and `user` null.',
    on('managed/node-settings/view'),
    'response',
    resourcesSection,
    true,
  ),
  prose(
    'managed/node-settings/update/persisted',
    'SHOULD',
    'After Managed Instance Settings Update the settings view shows the ssh values written.',
    on('managed/node-settings/update', 'ssh'),
    'persistence',
    endpointsSection,
    true,
  ),
  prose(
    'managed/node-settings/update/ssh.ip-any-accepted',
    'MUST',
    'Managed Instance Settings Update accepts `ssh.ip` set to `any` (its default) as well as an IP address.',
    on('managed/node-settings/update', 'ssh.ip'),
    'format',
    resourcesSection,
  ),
  prose(
    'managed/node-settings/update/ssh.access-controls-responders',
    'MUST',
    'Responders reach an instance over ssh to respond to issues only while its `ssh.access` is true.',
    on('managed/node-settings/update', 'ssh.access'),
    'behaviour',
    resourcesSection,
  ),
  prose(
    'managed/node-settings/update/ssh.port-null-means-22',
    'MUST',
    'A null `ssh.port` makes responders use port 22.',
    on('managed/node-settings/update', 'ssh.port'),
    'behaviour',
    resourcesSection,
  ),
  prose(
    'managed/node-settings/update/ssh.user-null-means-root',
    'MUST',
    'A null `ssh.user` makes responders log in as the root user.',
    on('managed/node-settings/update', 'ssh.user'),
    'behaviour',
    resourcesSection,
  ),
  // Services
  prose(
    'managed/service-address-query-preserved',
    'MUST',
    'The stored address of a managed service keeps the query parameters of the URL given.',
    onResource('managed-service', 'address'),
    'persistence',
    resourcesSection,
  ),
  prose(
    'managed/service-address-fragment-dropped',
    'MUST',
    'The stored address of a managed service does not keep the fragment of the URL given.',
    onResource('managed-service', 'address'),
    'persistence',
    resourcesSection,
  ),
  prose(
    'managed/service-timeout-counts-down',
    'MUST',
    'A monitored service counts as down when it does not respond within `timeout` seconds.',
    onResource('managed-service', 'timeout'),
    'behaviour',
    resourcesSection,
  ),
  prose(
    'managed/service-body-counts-up',
    'MUST',
    'A monitored service with a `body` counts as up only when its response body contains that text.',
    onResource('managed-service', 'body'),
    'behaviour',
    resourcesSection,
  ),
  prose(
    'managed/service-consultation-group-notified',
    'MUST',
    'When an issue is detected on a managed service, the managed contacts of its `consultation_group` are notified or consulted.',
    onResource('managed-service', 'consultation_group'),
    'behaviour',
    resourcesSection,
  ),
  prose(
    'managed/services/create/monitoring-begins',
    'MUST',
    'Monitoring, reporting and resolution of a managed service begin when it is created.',
    on('managed/services/create'),
    'behaviour',
    endpointsSection,
  ),
  prose(
    'managed/services/delete/no-longer-monitored',
    'MUST',
    'A deleted managed service is no longer monitored.',
    on('managed/services/delete'),
    'behaviour',
    endpointsSection,
  ),
  prose(
    'managed/services/delete/removed',
    'SHOULD',
    'After Managed Service Delete the service is no longer listed and can no longer be viewed.',
    on('managed/services/delete'),
    'persistence',
    endpointsSection,
    true,
  ),
  prose(
    'managed/services/disable/monitoring-disabled',
    'MUST',
    'Managed Service Disable temporarily stops the monitoring of a service whose monitoring is on.',
    onMonitoring('disable'),
    'state',
    statesSection,
  ),
  prose(
    'managed/services/enable/monitoring-on',
    'MUST',
    'Managed Service Enable turns monitoring back on for a service whose monitoring is disabled.',
    onMonitoring('enable'),
    'state',
    statesSection,
  ),
  // Statistics
  prose(
    'managed/stats/last-24-hours',
    'MUST',
    'The managed statistics cover the last 24 hours.',
    on('managed/stats'),
    'behaviour',
    resourcesSection,
  ),
  prose(
    'managed/stats/combined-series',
    'MUST',
    'The managed statistics give x/y data points for cpu, disk, swap, network in and network out, combined across all managed instances.',
    on('managed/stats'),
    'response',
    resourcesSection,
  ),
];

/** Every response of this area whose fields are not shown. */
const responseNotShown = (list: Operation[]) =>
  list.flatMap((op) => {
    const r = op.response;
    const what = r.kind === 'not-shown' ? r.text : 'notShown' in r ? r.notShown : undefined;
    return what ? [{ subject: op.id, what, source: op.source }] : [];
  });

export const area = defineArea(1, 'managed', {
  resources: [managedContact, managedCredential, managedService, managedNodeSettings],
  operations: ops,
  requirements,
  stateTables: [
    {
      id: 'managed-service-monitoring',
      subject: 'Managed service monitoring',
      source: source(1, statesSection),
      states: ['monitoring on', 'monitoring disabled'],
      transitions: [
        {
          id: 'disable',
          row: { state: 'Managed service, monitoring on', trigger: 'Managed Service Disable', condition: '-' },
          trigger: 'managed/services/disable',
          from: 'monitoring on',
          to: 'monitoring disabled',
          also: 'monitoring is disabled temporarily',
        },
        {
          id: 'enable',
          row: { state: 'Managed service, monitoring disabled', trigger: 'Managed Service Enable', condition: '-' },
          trigger: 'managed/services/enable',
          from: 'monitoring disabled',
          to: 'monitoring on',
        },
      ],
      notShown: 'how the monitoring state shows in the service record (its fields are not shown)',
    },
  ],
  errors: [
    {
      id: 'managed-service-region',
      condition: 'Managed service with a private-IP address but no region, or region with a non-private address',
      behaviour: 'invalid',
      operations: ['managed/services/create', 'managed/services/update'],
      requirements: [
        'managed/services/create/region-iff-private-address',
        'managed/services/update/region-iff-private-address',
      ],
    },
  ],
  limits: [
    {
      item: 'Managed service timeout',
      limit: '1..255 seconds',
      encodedAt: ['managed-service.timeout'],
      numbers: [SERVICE_TIMEOUT.min, SERVICE_TIMEOUT.max],
    },
    {
      item: 'Managed service address',
      limit: '3..100 characters',
      encodedAt: ['managed-service.address'],
      numbers: [SERVICE_ADDRESS.min, SERVICE_ADDRESS.max],
    },
    {
      item: 'Managed service body',
      limit: 'at most 100 characters',
      encodedAt: ['managed-service.body'],
      numbers: [SERVICE_BODY_MAX],
    },
    {
      item: 'Managed credential label / username',
      limit: '2..75 / at most 5000 characters',
      encodedAt: [
        'managed-credential.label',
        'managed-credential.username',
        'managed/credentials/update-password#username',
      ],
      numbers: [CREDENTIAL_LABEL.min, CREDENTIAL_LABEL.max, CREDENTIAL_USERNAME_MAX],
    },
  ],
  notShown: [
    {
      subject: 'managed',
      what: `${responsesNotShown}, and the ssh public key record`,
      source: source(1, resourcesSection),
    },
    { subject: 'managed', what: 'response bodies of managed operations', source: source(1, endpointsSection) },
    ...responseNotShown(ops),
    { subject: 'managed issue', what: 'status values of managed issues', source: source(1, statesSection) },
    { subject: 'managed', what: 'events of managed operations', source: source(1, 'Events') },
    {
      subject: 'managed',
      what: 'HTTP status code and reason text of the managed service region error',
      source: source(1, 'Errors'),
    },
  ],
  ambiguities: [
    {
      id: 'managed/ssh-ip-any',
      source: source(1, resourcesSection),
      question: '`ssh.ip` is typed "string (IP)" but its default is `any`, which is not an IP address.',
      encoding:
        'Format `ip` with default `any`; a written requirement says `any` is accepted, so format checks must treat `any` as valid.',
    },
    {
      id: 'managed/ssh-port-user-defaults',
      source: source(1, resourcesSection),
      question:
        '`ssh.port` and `ssh.user` default to null, meaning port 22 and the root user; a server could equally show 22 and `root`.',
      encoding:
        'Defaults are null as written; the view showing them is a SHOULD convention, since the view response is not shown.',
    },
    {
      id: 'managed/node-settings-view-shape',
      source: source(1, resourcesSection),
      question:
        'Per-instance settings responses are not shown, yet the defaults and the update only become observable through the view.',
      encoding:
        'The view is read as showing the `ssh` object of the update body; the requirements built on that are SHOULD conventions.',
    },
    {
      id: 'managed/services-list-paging',
      source: source(1, endpointsSection),
      question:
        'GET /managed/services lists no `page`/`page_size`, while list operations return the collection envelope.',
      encoding:
        'No paging parameters; since the envelope is the shape of paginated lists, the response is recorded as not shown rather than asserted to be the envelope.',
    },
    {
      id: 'managed/response-kinds',
      source: source(1, endpointsSection),
      question:
        'Response bodies of managed operations are not shown; only the lists are covered by "List operations return the collection envelope".',
      encoding:
        'Paged lists answer the envelope with items not shown; every other managed operation, the unpaged services list included, has a not-shown response (not even the empty object of deletes is assumed).',
    },
    {
      id: 'managed/contact-none-required',
      source: source(1, resourcesSection),
      question: 'No contact field is marked required: whether an empty contact body is accepted is not said.',
      encoding:
        'Every contact field is optional on create and update, as written; no requirement asserts that an empty body is accepted.',
    },
    {
      id: 'managed/region-private-ip',
      source: source(1, resourcesSection),
      question:
        'The region rule speaks of the address being "a private IP", but `address` is a URL; which ranges are private, and how update treats a body that changes only one of the two fields, is not said.',
      encoding:
        'One custom cross rule `region-iff-private-address` on create and update: the host of the address is a literal IP in the ranges of `privateRanges` (RFC 1918 and IPv6 unique local); on update the fields absent from the body keep their stored values.',
    },
    {
      id: 'managed/address-readback',
      source: source(1, resourcesSection),
      question:
        'Query parameters are "preserved" and fragments are not, but the service record fields are not shown, so where the stored address is read is not said.',
      encoding:
        'Requirements on the stored address read the `address` of the service view where the record carries one; otherwise their checks are not applicable.',
    },
    {
      id: 'managed/view-scopes',
      source: source(1, endpointsSection),
      question: 'Contact view and credential view need `account:read_write`, unlike the other reads.',
      encoding: 'Encoded as listed: both views need `account:read_write`, so a read-only token is refused.',
    },
    {
      id: 'managed/credential-password-type',
      source: source(1, resourcesSection),
      question: 'The credential password is typed plain "string" and the document never says whether it is returned.',
      encoding:
        'Type string without format; that no response carries it is a SHOULD convention (a stored secret is write-only).',
    },
    {
      id: 'managed/service-credentials-existence',
      source: source(1, resourcesSection),
      question: 'Whether `credentials` must name existing managed credentials of the account is not said.',
      encoding: 'An array of integers without an existence rule.',
    },
    {
      id: 'managed/managed-enabled-precondition',
      source: source(1, endpointsSection),
      question:
        'Part 1 does not say whether managed operations need managed monitoring enabled on the account (Part 2 has Managed Enable).',
      encoding: 'No precondition is encoded.',
    },
    {
      id: 'managed/monitoring-state-unobservable',
      source: source(1, statesSection),
      question:
        'The state table has monitoring on and disabled, but the service record fields, and so any status showing it, are not shown.',
      encoding:
        'The transitions are encoded with their operations; the monitoring effects are requirements proposed for exclusion.',
    },
  ],
});
