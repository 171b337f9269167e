// Managed-service monitoring of the reference server: contacts, write-only credentials, the account ssh key, issues, per-instance ssh settings, services with the region rule, and statistics; no HTTP types.

import { generateKeyPairSync } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import { managedCredential, managedNodeSettings, managedService } from '../../../spec/part1/managed.js';
import type { Json } from '../../../spec/types.js';
import { regionExists } from './catalogue.js';
import { conflict, invalid, notFound } from './errors.js';
import { applyUpdate, removeDeleted, ruleSkipped } from './seams.js';
import { type Account, type Principal, timestamp, type World } from './world.js';

// ---- Stores ----

interface ManagedState {
  contacts: Map<number, Contact>;
  credentials: Map<number, Credential>;
  /** Credential id by label, for the uniqueness rule. */
  credentialLabels: Map<string, number>;
  services: Map<number, Service>;
  /** Ssh settings by instance id, only for instances whose settings were updated. */
  ssh: Map<number, SshSettings>;
  sshKey: string | undefined;
  /** Issues by id: one seeded per account, since the reference server runs no monitoring. */
  issues: Map<number, Issue>;
}

const state = (account: Account) =>
  account.store<ManagedState>('managed', () => {
    const issue = seedIssue(account);
    return {
      contacts: new Map(),
      credentials: new Map(),
      credentialLabels: new Map(),
      services: new Map(),
      ssh: new Map(),
      sshKey: undefined,
      issues: new Map([[issue.id, issue]]),
    };
  });

// ---- Contacts ----

export interface Phone {
  primary: string | null;
  secondary: string | null;
}

export interface Contact {
  id: number;
  name: string | null;
  email: string | null;
  group: string | null;
  phone: Phone;
  updated: string;
}

export interface ContactInput {
  name?: string;
  email?: string;
  group?: string | null;
  phone?: Partial<Phone>;
}

export const listContacts = (p: Principal): Contact[] => [...state(p.account).contacts.values()];

export function getContact(p: Principal, id: number): Contact {
  const contact = state(p.account).contacts.get(id);
  if (!contact) throw notFound('Managed contact not found');
  return contact;
}

function applyContact(contact: Contact, input: ContactInput): void {
  if (input.name !== undefined) contact.name = input.name;
  if (input.email !== undefined) contact.email = input.email;
  if (input.group !== undefined) contact.group = input.group;
  if (input.phone?.primary !== undefined) contact.phone.primary = input.phone.primary;
  if (input.phone?.secondary !== undefined) contact.phone.secondary = input.phone.secondary;
}

/** No contact field is required by the document, so absent ones stay null. */
export function createContact(p: Principal, input: ContactInput): Contact {
  const { world } = p.account;
  const contact: Contact = {
    id: world.id(),
    name: null,
    email: null,
    group: null,
    phone: { primary: null, secondary: null },
    updated: timestamp(world.now()),
  };
  applyContact(contact, input);
  state(p.account).contacts.set(contact.id, contact);
  return contact;
}

export function updateContact(p: Principal, id: number, input: ContactInput): Contact {
  const contact = getContact(p, id);
  const { world } = p.account;
  applyUpdate(world, () => applyContact(contact, input));
  contact.updated = timestamp(world.now());
  return contact;
}

export function deleteContact(p: Principal, id: number): void {
  getContact(p, id);
  removeDeleted(p.account.world, () => state(p.account).contacts.delete(id));
}

// ---- Credentials: username and password are write-only ----

export interface Credential {
  id: number;
  label: string;
  username: string | null;
  password: string;
  created: string;
  updated: string;
}

export interface CredentialInput {
  label: string;
  password: string;
  username?: string;
}

/** What a credential shows to callers: never its secrets. */
export interface CredentialView {
  id: number;
  label: string;
  created: string;
  updated: string;
  password?: string;
  username?: string | null;
}

/** The label-unique rule, as the encoding names it (read from spec/ so the id lives in one place). */
const LABEL_UNIQUE = managedCredential.rules?.find((r) => r.kind === 'unique-among')?.id ?? 'label-unique';

export function credentialView(world: World, c: Credential): CredentialView {
  const view: CredentialView = { id: c.id, label: c.label, created: c.created, updated: c.updated };
  return world.fault('managed-credential-password-returned')
    ? { ...view, username: c.username, password: c.password }
    : view;
}

export const listCredentials = (p: Principal): Credential[] => [...state(p.account).credentials.values()];

export function getCredential(p: Principal, id: number): Credential {
  const credential = state(p.account).credentials.get(id);
  if (!credential) throw notFound('Managed credential not found');
  return credential;
}

function checkLabelFree(p: Principal, label: string, operation: string, self?: number): void {
  const holder = state(p.account).credentialLabels.get(label);
  if (holder !== undefined && holder !== self && !ruleSkipped(p.account.world, operation, LABEL_UNIQUE)) {
    throw conflict(`A managed credential labelled ${label} already exists`, 'label');
  }
}

export function createCredential(p: Principal, input: CredentialInput): Credential {
  checkLabelFree(p, input.label, 'managed/credentials/create');
  const { world } = p.account;
  const now = timestamp(world.now());
  const credential: Credential = {
    id: world.id(),
    label: input.label,
    username: input.username ?? null,
    password: input.password,
    created: now,
    updated: now,
  };
  const s = state(p.account);
  s.credentials.set(credential.id, credential);
  s.credentialLabels.set(credential.label, credential.id);
  return credential;
}

/** Changes only the label; a password or username in the body is ignored (they change through the password update). */
export function updateCredential(p: Principal, id: number, input: { label?: string }): Credential {
  const credential = getCredential(p, id);
  const { world } = p.account;
  const { label } = input;
  if (label !== undefined) {
    applyUpdate(world, () => {
      checkLabelFree(p, label, 'managed/credentials/update', credential.id);
      const labels = state(p.account).credentialLabels;
      if (labels.get(credential.label) === credential.id) labels.delete(credential.label);
      credential.label = label;
      labels.set(credential.label, credential.id);
    });
  }
  credential.updated = timestamp(world.now());
  return credential;
}

export function updateCredentialSecrets(
  p: Principal,
  id: number,
  input: { password: string; username?: string },
): Credential {
  const credential = getCredential(p, id);
  credential.password = input.password;
  if (input.username !== undefined) credential.username = input.username;
  credential.updated = timestamp(p.account.world.now());
  return credential;
}

/** Deletes the credential; services stop referring to it, so responders lose access. */
export function revokeCredential(p: Principal, id: number): void {
  const credential = getCredential(p, id);
  removeDeleted(p.account.world, () => {
    const s = state(p.account);
    s.credentials.delete(id);
    if (s.credentialLabels.get(credential.label) === id) s.credentialLabels.delete(credential.label);
    for (const service of s.services.values()) service.credentials = service.credentials.filter((c) => c !== id);
  });
}

// ---- The account's managed ssh key ----

/** An OpenSSH wire-format string field: length, then bytes. */
function sshString(bytes: Buffer): Buffer {
  const out = Buffer.alloc(4 + bytes.length);
  out.writeUInt32BE(bytes.length, 0);
  bytes.copy(out, 4);
  return out;
}

/** A fresh ed25519 public key in OpenSSH form (the private half is not kept: responders are not simulated). */
function newSshKey(account: Account): string {
  const { publicKey } = generateKeyPairSync('ed25519');
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x as string, 'base64url');
  const wire = Buffer.concat([sshString(Buffer.from('ssh-ed25519')), sshString(raw)]);
  return `ssh-ed25519 ${wire.toString('base64')} managed-services-${account.id}`;
}

/** One key per account, made on first request and the same afterwards. */
export function managedSshKey(p: Principal): string {
  const s = state(p.account);
  if (s.sshKey === undefined || p.account.world.fault('managed-sshkey-changes')) s.sshKey = newSshKey(p.account);
  return s.sshKey;
}

// ---- Issues: raised by monitoring, which the reference server does not run, so one is seeded ----

/**
 * A managed issue: when it was detected, the monitored services it concerns, and the support ticket
 * opened for it. The document shows no issue record; this is the reference server's own shape.
 */
export interface Issue {
  id: number;
  created: string;
  services: number[];
  entity: { id: number; type: 'ticket'; label: string; url: string };
}

/** The seeded issue: detected when the account was created, about no current service, with its ticket. */
function seedIssue(account: Account): Issue {
  const { world, createdAt } = account;
  const ticket = world.id();
  return {
    id: world.id(),
    created: timestamp(createdAt),
    services: [],
    entity: {
      id: ticket,
      type: 'ticket',
      label: 'Managed issue: a monitored service stopped responding',
      url: `/v4/support/tickets/${ticket}`,
    },
  };
}

export const listIssues = (p: Principal): Issue[] => [...state(p.account).issues.values()];

export function getIssue(p: Principal, id: number): Issue {
  const issue = state(p.account).issues.get(id);
  if (!issue) throw notFound('Managed issue not found');
  return issue;
}

// ---- Per-instance ssh settings ----

export interface SshSettings {
  access: boolean;
  ip: string;
  port: number | null;
  user: string | null;
}

export interface ManagedInstance {
  id: number;
  label: string;
}

/** The instances of an account; model/wiring.ts installs the instances model as the source. */
export const managedInstances: {
  list: (account: Account) => ManagedInstance[];
  find: (account: Account, id: number) => ManagedInstance | undefined;
} = { list: () => [], find: () => undefined };

/** The documented defaults of `ssh`, read from the encoding. */
const sshDefaults = (): SshSettings => {
  const members = managedNodeSettings.fields.find((f) => f.name === 'ssh')?.fields ?? [];
  return Object.fromEntries(members.map((f) => [f.name, f.default as Json])) as unknown as SshSettings;
};
const SSH_DEFAULTS = sshDefaults();

export interface NodeSettings {
  instance: ManagedInstance;
  ssh: SshSettings;
}

function settingsOf(account: Account, instance: ManagedInstance): NodeSettings {
  const stored = state(account).ssh.get(instance.id);
  const defaults = account.world.fault('managed-ssh-defaults-wrong')
    ? { ...SSH_DEFAULTS, port: 22, user: 'root' }
    : SSH_DEFAULTS;
  return { instance, ssh: { ...(stored ?? defaults) } };
}

export const listNodeSettings = (p: Principal): NodeSettings[] =>
  managedInstances.list(p.account).map((i) => settingsOf(p.account, i));

export function getNodeSettings(p: Principal, instanceId: number): NodeSettings {
  const instance = managedInstances.find(p.account, instanceId);
  if (!instance) throw notFound('Instance not found');
  return settingsOf(p.account, instance);
}

export interface NodeSettingsInput {
  ssh?: Partial<SshSettings>;
}

export function updateNodeSettings(p: Principal, instanceId: number, input: NodeSettingsInput): NodeSettings {
  const current = getNodeSettings(p, instanceId);
  applyUpdate(p.account.world, () => {
    const ssh = { ...current.ssh };
    for (const key of ['access', 'ip', 'port', 'user'] as const) {
      if (input.ssh?.[key] !== undefined) (ssh as Record<string, unknown>)[key] = input.ssh[key];
    }
    state(p.account).ssh.set(instanceId, ssh);
  });
  return getNodeSettings(p, instanceId);
}

/** An instance is gone: its settings go with it. */
export function forgetNodeSettings(account: Account, instanceId: number): void {
  state(account).ssh.delete(instanceId);
}

// ---- Services ----

/** `ok` while monitored, `disabled` while monitoring is off; the document does not show how the record shows this. */
export type ServiceStatus = 'ok' | 'disabled';

export interface Service {
  id: number;
  label: string;
  service_type: 'url' | 'tcp';
  address: string;
  timeout: number;
  body: string | null;
  consultation_group: string;
  credentials: number[];
  notes: string | null;
  region: string | null;
  status: ServiceStatus;
  created: string;
  updated: string;
}

export interface ServiceInput {
  label: string;
  service_type: 'url' | 'tcp';
  address: string;
  timeout: number;
  body?: string | null;
  consultation_group?: string;
  credentials?: number[];
  notes?: string | null;
  region?: string;
}

export type ServiceChanges = Partial<ServiceInput>;

const REGION_RULE = managedService.rules?.find((r) => r.id === 'region-iff-private-address');
const REGION_RULE_ID = REGION_RULE?.id ?? 'region-iff-private-address';

/** The private ranges of the region rule, read from its parameters in spec/. */
const privateRanges = (() => {
  const list = new BlockList();
  for (const range of REGION_RULE?.kind === 'custom' ? (REGION_RULE.params.privateRanges ?? []) : []) {
    const [network = '', prefix = ''] = range.split('/');
    const family = isIP(network);
    if (family) list.addSubnet(network, Number(prefix), family === 6 ? 'ipv6' : 'ipv4');
  }
  return list;
})();

/** Whether the host of a service address is a literal IP address in a private range. */
export function isPrivateAddress(address: string): boolean {
  if (!URL.canParse(address)) return false;
  const host = new URL(address).hostname.replace(/^\[|\]$/g, '');
  const family = isIP(host);
  return family !== 0 && privateRanges.check(host, family === 6 ? 'ipv6' : 'ipv4');
}

/** The address as stored: its fragment dropped, its query kept exactly as given. */
export function storedAddress(world: World, address: string): string {
  if (world.fault('managed-service-query-dropped')) return address.replace(/\?[^#]*/, '');
  const hash = address.indexOf('#');
  return hash < 0 || world.fault('managed-service-fragment-kept') ? address : address.slice(0, hash);
}

const regionSet = (region: string | null | undefined): region is string =>
  region !== undefined && region !== null && region !== '';

/** Region required with a private address, not allowed otherwise; an empty string counts as not set. */
function checkRegion(world: World, operation: string, address: string, region: string | null | undefined): void {
  if (!ruleSkipped(world, operation, REGION_RULE_ID)) {
    const isPrivate = isPrivateAddress(address);
    if (isPrivate && !regionSet(region)) throw invalid('region', 'region is required when address is a private IP');
    if (!isPrivate && regionSet(region))
      throw invalid('region', 'region must not be set unless address is a private IP');
  }
  if (regionSet(region) && !regionExists(region)) throw invalid('region', `Region ${region} does not exist`);
}

export const listServices = (p: Principal): Service[] => [...state(p.account).services.values()];

export function getService(p: Principal, id: number): Service {
  const service = state(p.account).services.get(id);
  if (!service) throw notFound('Managed service not found');
  return service;
}

export function createService(p: Principal, input: ServiceInput): Service {
  const { world } = p.account;
  checkRegion(world, 'managed/services/create', input.address, input.region);
  const now = timestamp(world.now());
  const service: Service = {
    id: world.id(),
    label: input.label,
    service_type: input.service_type,
    address: storedAddress(world, input.address),
    timeout: input.timeout,
    body: input.body ?? null,
    consultation_group: input.consultation_group ?? '',
    credentials: [...(input.credentials ?? [])],
    notes: input.notes ?? null,
    region: regionSet(input.region) ? input.region : null,
    status: 'ok',
    created: now,
    updated: now,
  };
  state(p.account).services.set(service.id, service);
  return service;
}

function applyServiceChanges(world: World, service: Service, changes: ServiceChanges): void {
  if (changes.label !== undefined) service.label = changes.label;
  if (changes.service_type !== undefined) service.service_type = changes.service_type;
  if (changes.address !== undefined) service.address = storedAddress(world, changes.address);
  if (changes.timeout !== undefined) service.timeout = changes.timeout;
  if (changes.body !== undefined) service.body = changes.body;
  if (changes.consultation_group !== undefined) service.consultation_group = changes.consultation_group;
  if (changes.credentials !== undefined) service.credentials = [...changes.credentials];
  if (changes.notes !== undefined) service.notes = changes.notes;
  if (changes.region !== undefined) service.region = regionSet(changes.region) ? changes.region : null;
}

/** Fields absent from the body keep their stored values, for the region rule too; a rejected update changes nothing. */
export function updateService(p: Principal, id: number, changes: ServiceChanges): Service {
  const service = getService(p, id);
  const { world } = p.account;
  const region = changes.region !== undefined ? changes.region : service.region;
  checkRegion(world, 'managed/services/update', changes.address ?? service.address, region);
  applyUpdate(world, () => applyServiceChanges(world, service, changes));
  service.updated = timestamp(world.now());
  return service;
}

export function deleteService(p: Principal, id: number): void {
  getService(p, id);
  removeDeleted(p.account.world, () => state(p.account).services.delete(id));
}

export function disableService(p: Principal, id: number): Service {
  const service = getService(p, id);
  service.status = 'disabled';
  service.updated = timestamp(p.account.world.now());
  return service;
}

export function enableService(p: Principal, id: number): Service {
  const service = getService(p, id);
  service.status = 'ok';
  service.updated = timestamp(p.account.world.now());
  return service;
}

// ---- Statistics ----

export const STAT_SERIES = ['cpu', 'disk', 'swap', 'net_in', 'net_out'] as const;
export type StatSeries = (typeof STAT_SERIES)[number];
export interface DataPoint {
  /** Milliseconds since the epoch. */
  x: number;
  y: number;
}

const STEP_MS = 5 * 60 * 1000;
const WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Five-minute data points of the last 24 hours for every series, oldest first. The reference server
 * simulates no load on the managed instances, so every series is flat at zero.
 */
export function managedStats(p: Principal): Record<StatSeries, DataPoint[]> {
  const { world } = p.account;
  const last = Math.floor(world.now().getTime() / STEP_MS) * STEP_MS;
  const count = WINDOW_MS / STEP_MS;
  const times = Array.from({ length: count }, (_, i) => last - (count - 1 - i) * STEP_MS);
  const series = Object.fromEntries(STAT_SERIES.map((name) => [name, times.map((x) => ({ x, y: 0 }))])) as Record<
    StatSeries,
    DataPoint[]
  >;
  return series;
}
