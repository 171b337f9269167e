// HTTP binding of managed-service monitoring: read the parsed request, call the model, shape the records (the document shows none of them).

import type { Contact, Issue, NodeSettings, Service } from '../model/managed.js';
import * as managed from '../model/managed.js';
import { caller, type Handlers, intParam, type RequestContext } from './context.js';

export const contactRecord = (c: Contact) => ({
  id: c.id,
  name: c.name,
  email: c.email,
  group: c.group,
  phone: { ...c.phone },
  updated: c.updated,
});

/** `status` is the reference server's own way of showing the monitoring state: `ok` or `disabled`. */
export const serviceRecord = (s: Service) => ({
  id: s.id,
  label: s.label,
  service_type: s.service_type,
  address: s.address,
  timeout: s.timeout,
  body: s.body,
  consultation_group: s.consultation_group,
  credentials: [...s.credentials],
  notes: s.notes,
  region: s.region,
  status: s.status,
  created: s.created,
  updated: s.updated,
});

export const issueRecord = (i: Issue) => ({
  id: i.id,
  created: i.created,
  services: [...i.services],
  entity: { ...i.entity },
});

export const nodeSettingsRecord = (n: NodeSettings) => ({ id: n.instance.id, label: n.instance.label, ssh: n.ssh });

/** The unpaged services list still answers the collection envelope, the shape of every list. */
const wholeList = (data: unknown[]) => ({ data, page: 1, pages: 1, results: data.length });

const id = (name: string) => (ctx: RequestContext) => intParam(ctx, name);
const contactId = id('contactId');
const credentialId = id('credentialId');
const serviceId = id('serviceId');
const nodeId = id('nodeId');

const credentialRecord = (ctx: RequestContext, c: managed.Credential) => managed.credentialView(ctx.world, c);

export const handlers: Handlers = {
  'managed/contacts/list': (ctx) => managed.listContacts(caller(ctx)).map(contactRecord),
  'managed/contacts/create': (ctx) => contactRecord(managed.createContact(caller(ctx), ctx.body)),
  'managed/contacts/view': (ctx) => contactRecord(managed.getContact(caller(ctx), contactId(ctx))),
  'managed/contacts/update': (ctx) => contactRecord(managed.updateContact(caller(ctx), contactId(ctx), ctx.body)),
  'managed/contacts/delete': (ctx) => {
    managed.deleteContact(caller(ctx), contactId(ctx));
    return {};
  },

  'managed/credentials/list': (ctx) => managed.listCredentials(caller(ctx)).map((c) => credentialRecord(ctx, c)),
  'managed/credentials/create': (ctx) =>
    credentialRecord(ctx, managed.createCredential(caller(ctx), ctx.body as unknown as managed.CredentialInput)),
  'managed/credentials/sshkey': (ctx) => ({ ssh_key: managed.managedSshKey(caller(ctx)) }),
  'managed/credentials/view': (ctx) => credentialRecord(ctx, managed.getCredential(caller(ctx), credentialId(ctx))),
  'managed/credentials/update': (ctx) =>
    credentialRecord(ctx, managed.updateCredential(caller(ctx), credentialId(ctx), ctx.body as { label?: string })),
  'managed/credentials/revoke': (ctx) => {
    managed.revokeCredential(caller(ctx), credentialId(ctx));
    return {};
  },
  'managed/credentials/update-password': (ctx) => {
    const input = ctx.body as unknown as { password: string; username?: string };
    managed.updateCredentialSecrets(caller(ctx), credentialId(ctx), input);
    return {};
  },

  'managed/issues/list': (ctx) => managed.listIssues(caller(ctx)).map(issueRecord),
  'managed/issues/view': (ctx) => issueRecord(managed.getIssue(caller(ctx), intParam(ctx, 'issueId'))),

  'managed/node-settings/list': (ctx) => managed.listNodeSettings(caller(ctx)).map(nodeSettingsRecord),
  'managed/node-settings/view': (ctx) => nodeSettingsRecord(managed.getNodeSettings(caller(ctx), nodeId(ctx))),
  'managed/node-settings/update': (ctx) =>
    nodeSettingsRecord(managed.updateNodeSettings(caller(ctx), nodeId(ctx), ctx.body as managed.NodeSettingsInput)),

  'managed/services/list': (ctx) => wholeList(managed.listServices(caller(ctx)).map(serviceRecord)),
  'managed/services/create': (ctx) =>
    serviceRecord(managed.createService(caller(ctx), ctx.body as unknown as managed.ServiceInput)),
  'managed/services/view': (ctx) => serviceRecord(managed.getService(caller(ctx), serviceId(ctx))),
  'managed/services/update': (ctx) =>
    serviceRecord(managed.updateService(caller(ctx), serviceId(ctx), ctx.body as managed.ServiceChanges)),
  'managed/services/delete': (ctx) => {
    managed.deleteService(caller(ctx), serviceId(ctx));
    return {};
  },
  'managed/services/disable': (ctx) => serviceRecord(managed.disableService(caller(ctx), serviceId(ctx))),
  'managed/services/enable': (ctx) => serviceRecord(managed.enableService(caller(ctx), serviceId(ctx))),

  'managed/stats': (ctx) => ({ data: managed.managedStats(caller(ctx)) }),
};
