// StackScripts of the reference server: ownership, the one-way public flag, world-wide visibility of public ones, user-defined fields and deployment counters; no HTTP types.

import { createHash } from 'node:crypto';
import { can } from './access.js';
import { conflict, forbidden, invalid, notFound } from './errors.js';
import { applyUpdate, removeDeleted } from './seams.js';
import { type Account, type Principal, timestamp, type World } from './world.js';

export interface UserDefinedField {
  name: string;
  label: string;
  example: string;
}

export interface StackScript {
  id: number;
  /** The owning account: `mine` and private visibility are decided by it. */
  accountId: number;
  label: string;
  script: string;
  images: string[];
  description: string;
  is_public: boolean;
  rev_note: string;
  created: string;
  updated: string;
  deployments_active: number;
  deployments_total: number;
  /** Parsed once from `script` whenever it is written. */
  user_defined_fields: UserDefinedField[];
  username: string;
  user_avatar_id: string;
}

export interface StackScriptInput {
  label: string;
  script: string;
  images: string[];
  description?: string;
  is_public?: boolean;
  rev_note?: string;
}

export type StackScriptChanges = Partial<StackScriptInput>;

const store = (account: Account) => account.store('stackscripts', () => new Map<number, StackScript>());

/** Every StackScript of an account, in creation order, whatever the caller. */
export const stackScriptsOf = (account: Account): StackScript[] => [...store(account).values()];

// ---- User-defined fields ----

/**
 * The documents do not show how a script declares its fields; the reference server reads the
 * common tag syntax `<UDF name="..." label="..." example="..." />` (usually inside a comment line).
 * Tags without a name are skipped; a missing label or example reads as the empty string.
 */
const UDF_TAG = /<UDF\b([^>]*)>/gi;
const ATTRIBUTE = /([A-Za-z_][\w-]*)\s*=\s*"([^"]*)"/g;

export function parseUserDefinedFields(script: string): UserDefinedField[] {
  const fields: UserDefinedField[] = [];
  for (const tag of script.matchAll(UDF_TAG)) {
    const attributes = new Map<string, string>();
    for (const [, key, value] of (tag[1] ?? '').matchAll(ATTRIBUTE))
      attributes.set((key as string).toLowerCase(), value as string);
    const name = attributes.get('name');
    if (name) fields.push({ name, label: attributes.get('label') ?? '', example: attributes.get('example') ?? '' });
  }
  return fields;
}

const userDefinedFields = (world: World, script: string) =>
  world.fault('stackscript-udf-ignored') ? [] : parseUserDefinedFields(script);

/** A stable avatar identifier derived from the creator's email (the convention of avatar services). */
const avatarId = (email: string) => createHash('md5').update(email.trim().toLowerCase()).digest('hex');

// ---- Visibility ----

const isOwn = (p: Principal, s: StackScript) => s.accountId === p.account.id;

/** Whether the caller owns the StackScript (through its account); reported as `mine`. */
export const isMine = (p: Principal | undefined, s: StackScript): boolean =>
  p !== undefined && (isOwn(p, s) || p.account.world.fault('stackscript-mine-always-true'));

/**
 * Public StackScripts are visible to everyone, anonymous callers included. A private one is visible
 * only on its own account, and to a restricted user only with a grant on it.
 */
function visible(world: World, p: Principal | undefined, s: StackScript, leakPrivate: boolean): boolean {
  if (s.is_public || leakPrivate) return true;
  if (!p) return world.fault('stackscript-private-listed-anonymously');
  const grantsIgnored = world.fault('stackscript-grants-ignored');
  return isOwn(p, s) && (grantsIgnored || can(p, 'stackscript', s.id, 'read_only'));
}

/**
 * The StackScripts a caller sees, in account then id order: without a token only the public ones of
 * every account; with one, the caller's own (as its grants allow) and every public one.
 */
export function listStackScripts(world: World, p: Principal | undefined): StackScript[] {
  const out: StackScript[] = [];
  for (const account of world.accounts.values()) {
    for (const s of store(account).values()) if (visible(world, p, s, false)) out.push(s);
  }
  return out;
}

/** Only decimal ids name StackScripts (the path parameter is typed string). */
function parseId(id: string | number): number | undefined {
  const text = String(id);
  return /^\d{1,15}$/.test(text) ? Number(text) : undefined;
}

/** A StackScript of any account by id, whoever asks. */
function find(world: World, id: number): StackScript | undefined {
  for (const account of world.accounts.values()) {
    const s = store(account).get(id);
    if (s) return s;
  }
  return undefined;
}

export function getStackScript(p: Principal, id: string | number): StackScript {
  const { world } = p.account;
  const numeric = parseId(id);
  const s = numeric === undefined ? undefined : find(world, numeric);
  const leak = world.fault('stackscript-private-visible-to-others');
  if (!s || !visible(world, p, s, leak)) throw notFound('StackScript not found');
  return s;
}

/** A StackScript the caller may change: its own account's, with read_write for a restricted user. */
function getWritable(p: Principal, id: string | number): StackScript {
  const s = getStackScript(p, id);
  if (!isOwn(p, s)) throw forbidden('Only the account that owns a StackScript may change it');
  const readOnlyWrites = p.account.world.fault('stackscript-restricted-update');
  if (!readOnlyWrites && !can(p, 'stackscript', s.id, 'read_write')) throw forbidden('Unauthorized');
  return s;
}

// ---- Changes ----

export function createStackScript(p: Principal, input: StackScriptInput): StackScript {
  const { world } = p.account;
  if (p.user.restricted && !p.user.grants.global.add_stackscripts && !world.fault('stackscript-add-grant-ignored')) {
    throw forbidden('Unauthorized: the add_stackscripts grant is needed');
  }
  const now = timestamp(world.now());
  const s: StackScript = {
    id: world.id(),
    accountId: p.account.id,
    label: input.label,
    script: input.script,
    images: [...input.images],
    description: input.description ?? '',
    is_public: input.is_public ?? false,
    rev_note: input.rev_note ?? '',
    created: now,
    updated: now,
    deployments_active: 0,
    deployments_total: 0,
    user_defined_fields: userDefinedFields(world, input.script),
    username: p.user.username,
    user_avatar_id: avatarId(p.user.email),
  };
  store(p.account).set(s.id, s);
  if (p.user.restricted) p.user.grants.entities.stackscript.set(s.id, 'read_write');
  return s;
}

/** Applies the changes; a public StackScript cannot be made private, and a rejected update changes nothing. */
export function updateStackScript(p: Principal, id: string | number, changes: StackScriptChanges): StackScript {
  const s = getWritable(p, id);
  const { world } = p.account;
  if (s.is_public && changes.is_public === false && !world.fault('stackscript-unpublish')) {
    throw invalid('is_public', 'A public StackScript cannot be made private');
  }
  applyUpdate(world, () => {
    if (world.fault('stackscript-username-last-editor')) s.username = p.user.username;
    if (changes.label !== undefined) s.label = changes.label;
    if (changes.script !== undefined && !world.fault('stackscript-script-not-updated')) {
      s.script = changes.script;
      s.user_defined_fields = userDefinedFields(world, s.script);
    }
    if (changes.images !== undefined) s.images = [...changes.images];
    if (changes.description !== undefined) s.description = changes.description;
    if (changes.rev_note !== undefined) s.rev_note = changes.rev_note;
    if (changes.is_public !== undefined && !(changes.is_public && world.fault('stackscript-publish-ignored'))) {
      s.is_public = changes.is_public;
    }
  });
  s.updated = timestamp(world.now());
  return s;
}

/** Deletes a private StackScript of the caller's account; a public one is refused and stays. */
export function deleteStackScript(p: Principal, id: string | number): void {
  const s = getWritable(p, id);
  const { world } = p.account;
  if (s.is_public && !world.fault('stackscript-delete-public')) {
    throw conflict('A public StackScript cannot be deleted');
  }
  removeDeleted(world, () => store(p.account).delete(s.id));
}

// ---- Deployments (Part 3 reports instances deployed from a StackScript) ----

/** Counts a new deployment of a StackScript, which is active until `stackScriptDeploymentEnded`. */
export function stackScriptDeployed(world: World, id: number): void {
  const s = find(world, id);
  if (!s || world.fault('stackscript-deployments-uncounted')) return;
  s.deployments_total += 1;
  s.deployments_active += 1;
}

/** An instance deployed from the StackScript is gone: it no longer counts as active. */
export function stackScriptDeploymentEnded(world: World, id: number): void {
  const s = find(world, id);
  if (s && s.deployments_active > 0) s.deployments_active -= 1;
}
