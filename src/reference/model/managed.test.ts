// Unit tests of the managed model: contacts, write-only credentials with unique labels, the stable ssh key, issues, per-instance settings, services with the region rule, and statistics.

import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { errorOf } from '../test-support/model-errors.js';
import { ownerWorld } from '../test-support/principals.js';
import {
  createContact,
  createCredential,
  createService,
  credentialView,
  deleteContact,
  deleteService,
  disableService,
  enableService,
  getContact,
  getCredential,
  getIssue,
  getNodeSettings,
  getService,
  isPrivateAddress,
  listContacts,
  listCredentials,
  listIssues,
  listNodeSettings,
  listServices,
  managedInstances,
  managedSshKey,
  managedStats,
  revokeCredential,
  type ServiceInput,
  STAT_SERIES,
  updateContact,
  updateCredential,
  updateCredentialSecrets,
  updateNodeSettings,
  updateService,
} from './managed.js';
import { wireModels } from './wiring.js';
import type { Principal } from './world.js';

describe('contacts', () => {
  test('create stores the given fields, absent ones null; update changes only what it names', () => {
    const { owner } = ownerWorld();
    const c = createContact(owner, { name: 'Ann', phone: { primary: '+1 555 0100' } });
    expect(c).toMatchObject({
      name: 'Ann',
      email: null,
      group: null,
      phone: { primary: '+1 555 0100', secondary: null },
    });
    updateContact(owner, c.id, { email: 'ann@example.com', phone: { secondary: '+1 555 0101' } });
    expect(getContact(owner, c.id)).toMatchObject({
      name: 'Ann',
      email: 'ann@example.com',
      phone: { primary: '+1 555 0100', secondary: '+1 555 0101' },
    });
  });

  test('a deleted contact is neither listed nor viewable', () => {
    const { owner } = ownerWorld();
    const c = createContact(owner, { name: 'Ann' });
    deleteContact(owner, c.id);
    expect(listContacts(owner)).toEqual([]);
    expect(errorOf(() => getContact(owner, c.id))?.kind).toBe('not-found');
    expect(errorOf(() => deleteContact(owner, c.id))?.kind).toBe('not-found');
  });
});

describe('credentials', () => {
  test('the view never carries the password or username', () => {
    const { world, owner } = ownerWorld();
    const c = createCredential(owner, { label: 'db', password: 'hunter2', username: 'admin' });
    const view = credentialView(world, c);
    expect(view).toEqual({ id: c.id, label: 'db', created: c.created, updated: c.updated });
    expect(JSON.stringify(view)).not.toContain('hunter2');
  });

  test('labels are unique on create and on update, and a freed label can be reused', () => {
    const { owner } = ownerWorld();
    const a = createCredential(owner, { label: 'db', password: 'p' });
    const b = createCredential(owner, { label: 'web', password: 'p' });
    expect(errorOf(() => createCredential(owner, { label: 'db', password: 'p' }))).toEqual({
      kind: 'conflict',
      field: 'label',
    });
    expect(errorOf(() => updateCredential(owner, b.id, { label: 'db' }))?.field).toBe('label');
    updateCredential(owner, a.id, { label: 'db' });
    updateCredential(owner, a.id, { label: 'db-main' });
    expect(createCredential(owner, { label: 'db', password: 'p' }).label).toBe('db');
  });

  test('the generic skip fault lifts the uniqueness rule', () => {
    const { owner } = ownerWorld(['skip:managed/credentials/create/label-unique']);
    createCredential(owner, { label: 'db', password: 'p' });
    expect(createCredential(owner, { label: 'db', password: 'p' }).label).toBe('db');
  });

  test('update changes only the label; the password update sets password, and username when given', () => {
    const { owner } = ownerWorld();
    const c = createCredential(owner, { label: 'db', password: 'old', username: 'admin' });
    updateCredential(owner, c.id, { label: 'renamed', password: 'ignored', username: 'ignored' } as { label: string });
    expect(c).toMatchObject({ label: 'renamed', password: 'old', username: 'admin' });
    updateCredentialSecrets(owner, c.id, { password: 'new' });
    expect(c).toMatchObject({ password: 'new', username: 'admin' });
    updateCredentialSecrets(owner, c.id, { password: 'newer', username: 'root' });
    expect(c).toMatchObject({ password: 'newer', username: 'root' });
  });

  test('revoke deletes the credential, frees its label and takes it off services', () => {
    const { owner } = ownerWorld();
    const c = createCredential(owner, { label: 'db', password: 'p' });
    const service = createService(owner, { ...publicService(), credentials: [c.id, 42] });
    revokeCredential(owner, c.id);
    expect(listCredentials(owner)).toEqual([]);
    expect(errorOf(() => getCredential(owner, c.id))?.kind).toBe('not-found');
    expect(service.credentials).toEqual([42]);
    expect(createCredential(owner, { label: 'db', password: 'p' }).label).toBe('db');
  });
});

describe('ssh key and issues', () => {
  test('the ssh key is an OpenSSH public key, the same on every call, distinct per account', () => {
    const { world, owner } = ownerWorld();
    const key = managedSshKey(owner);
    expect(key).toMatch(/^ssh-ed25519 AAAAC3NzaC1lZDI1NTE5[A-Za-z0-9+/=]+ \S+$/);
    expect(managedSshKey(owner)).toBe(key);
    const other = world.createAccount('other', 'other@example.com');
    const stranger = world.principal(world.issueToken(other, 'other', ['*'])) as Principal;
    expect(managedSshKey(stranger)).not.toBe(key);
  });

  test('each account has one seeded issue, found by its id and not from another account', () => {
    const { world, owner } = ownerWorld();
    const issues = listIssues(owner);
    expect(issues).toHaveLength(1);
    const [issue] = issues;
    expect(getIssue(owner, issue?.id ?? 0)).toBe(issue);
    expect(issue?.entity.type).toBe('ticket');
    expect(errorOf(() => getIssue(owner, 1))?.kind).toBe('not-found');
    const other = world.createAccount('other', 'other@example.com');
    const stranger = world.principal(world.issueToken(other, 'other', ['*'])) as Principal;
    expect(listIssues(stranger)).toHaveLength(1);
    expect(errorOf(() => getIssue(stranger, issue?.id ?? 0))?.kind).toBe('not-found');
  });
});

describe('per-instance settings', () => {
  // The files of a worker share this module: the instances the wiring registers (now, if no file did)
  // come back after these tests.
  wireModels();
  const { list, find } = managedInstances;
  afterAll(() => {
    Object.assign(managedInstances, { list, find });
  });
  afterEach(() => {
    managedInstances.list = () => [];
    managedInstances.find = () => undefined;
  });

  test('without instances the list is empty and any instance is not found', () => {
    const { owner } = ownerWorld();
    expect(listNodeSettings(owner)).toEqual([]);
    expect(errorOf(() => getNodeSettings(owner, 5))?.kind).toBe('not-found');
    expect(errorOf(() => updateNodeSettings(owner, 5, { ssh: { access: false } }))?.kind).toBe('not-found');
  });

  test('one entry per instance with the documented defaults; an update merges into them', () => {
    const { owner } = ownerWorld();
    const instances = [
      { id: 5, label: 'web' },
      { id: 6, label: 'db' },
    ];
    managedInstances.list = () => instances;
    managedInstances.find = (_a, id) => instances.find((i) => i.id === id);
    expect(listNodeSettings(owner).map((n) => n.instance.id)).toEqual([5, 6]);
    expect(getNodeSettings(owner, 5).ssh).toEqual({ access: true, ip: 'any', port: null, user: null });
    updateNodeSettings(owner, 5, { ssh: { port: 2222, user: 'ops' } });
    expect(getNodeSettings(owner, 5).ssh).toEqual({ access: true, ip: 'any', port: 2222, user: 'ops' });
    updateNodeSettings(owner, 5, { ssh: { port: null } });
    expect(getNodeSettings(owner, 5).ssh.port).toBeNull();
    expect(getNodeSettings(owner, 6).ssh.port).toBeNull();
  });
});

const publicService = (): ServiceInput => ({
  label: 'site',
  service_type: 'url',
  address: 'https://example.com/health',
  timeout: 30,
});

describe('services', () => {
  test('create starts monitoring with defaults for the optional fields', () => {
    const { owner } = ownerWorld();
    expect(createService(owner, publicService())).toMatchObject({
      status: 'ok',
      body: null,
      consultation_group: '',
      credentials: [],
      notes: null,
      region: null,
    });
  });

  test('the stored address keeps the query and drops the fragment', () => {
    const { owner } = ownerWorld();
    const s = createService(owner, { ...publicService(), address: 'https://example.com/h?a=1&b=2#top' });
    expect(s.address).toBe('https://example.com/h?a=1&b=2');
    updateService(owner, s.id, { address: 'https://example.com/x#frag' });
    expect(getService(owner, s.id).address).toBe('https://example.com/x');
  });

  test('private addresses are the literal IPs of the ranges in the encoding', () => {
    expect(isPrivateAddress('http://10.1.2.3/')).toBe(true);
    expect(isPrivateAddress('http://172.16.0.1:8080/')).toBe(true);
    expect(isPrivateAddress('https://192.168.10.10/x')).toBe(true);
    expect(isPrivateAddress('http://[fd00::1]/')).toBe(true);
    expect(isPrivateAddress('http://172.32.0.1/')).toBe(false);
    expect(isPrivateAddress('http://8.8.8.8/')).toBe(false);
    expect(isPrivateAddress('https://example.com/')).toBe(false);
  });

  test('region is required with a private address and refused otherwise, naming region', () => {
    const { owner } = ownerWorld();
    const privateService = { ...publicService(), address: 'http://10.0.0.5/health' };
    expect(errorOf(() => createService(owner, privateService))).toEqual({ kind: 'validation', field: 'region' });
    expect(errorOf(() => createService(owner, { ...publicService(), region: 'us-east' }))?.field).toBe('region');
    expect(errorOf(() => createService(owner, { ...privateService, region: 'nowhere' }))?.field).toBe('region');
    expect(createService(owner, { ...privateService, region: 'us-east' }).region).toBe('us-east');
    expect(listServices(owner)).toHaveLength(1);
  });

  test('on update the rule reads stored values for absent fields, and a rejected update changes nothing', () => {
    const { owner } = ownerWorld();
    const s = createService(owner, { ...publicService(), address: 'http://10.0.0.5/', region: 'us-east' });
    expect(errorOf(() => updateService(owner, s.id, { address: 'https://example.com/', label: 'x' }))?.field).toBe(
      'region',
    );
    expect(s).toMatchObject({ address: 'http://10.0.0.5/', label: 'site' });
    updateService(owner, s.id, { address: 'https://example.com/', region: '' });
    expect(s).toMatchObject({ address: 'https://example.com/', region: null });
    expect(errorOf(() => updateService(owner, s.id, { address: 'http://192.168.1.1/' }))?.field).toBe('region');
  });

  test('the generic skip fault lifts the region rule', () => {
    const { owner } = ownerWorld(['skip:managed/services/create/region-iff-private-address']);
    expect(createService(owner, { ...publicService(), address: 'http://10.0.0.5/' }).region).toBeNull();
  });

  test('disable and enable toggle the status; delete removes the service', () => {
    const { owner } = ownerWorld();
    const s = createService(owner, publicService());
    expect(disableService(owner, s.id).status).toBe('disabled');
    expect(enableService(owner, s.id).status).toBe('ok');
    deleteService(owner, s.id);
    expect(errorOf(() => getService(owner, s.id))?.kind).toBe('not-found');
    expect(errorOf(() => disableService(owner, s.id))?.kind).toBe('not-found');
  });

  test('unknown body fields are not stored', () => {
    const { owner } = ownerWorld();
    const s = createService(owner, publicService());
    updateService(owner, s.id, { status: 'disabled', id: 1 } as unknown as ServiceInput);
    expect(s).toMatchObject({ id: s.id, status: 'ok' });
  });
});

describe('statistics', () => {
  test('every series has five-minute points within the last 24 hours', () => {
    const { world, owner } = ownerWorld();
    const stats = managedStats(owner);
    const now = world.now().getTime();
    expect(Object.keys(stats)).toEqual([...STAT_SERIES]);
    for (const points of Object.values(stats)) {
      expect(points).toHaveLength(288);
      const xs = points.map((p) => p.x);
      expect(Math.min(...xs)).toBeGreaterThanOrEqual(now - 24 * 3600 * 1000);
      expect(Math.max(...xs)).toBeLessThanOrEqual(now);
      expect(Math.max(...xs) - Math.min(...xs)).toBe(287 * 5 * 60 * 1000);
    }
  });
});
