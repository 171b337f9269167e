// Users and grants of the reference server: user records with world-wide unique usernames, the owner's protections, token upkeep on rename and delete, and the grants structures; no HTTP types.

import { globalGrantFlags, grantEntityKinds } from '../../../spec/part2/users.js';
import type { EntityKind, GlobalGrant } from '../../../spec/types.js';
import { conflict, forbidden, invalid, notFound } from './errors.js';
import { applyUpdate, removeDeleted } from './seams.js';
import {
  type Account,
  emptyGrants,
  type Grants,
  type Permission,
  type Principal,
  type User,
  type World,
} from './world.js';

export interface UserInput {
  username: string;
  email: string;
  restricted?: boolean;
}

export type UserChanges = Partial<UserInput>;

// ---- Grantable entities: how each kind is listed, registered by model/wiring.ts ----

export interface GrantableEntity {
  id: number;
  label: string;
}

export type ListGrantable = (account: Account) => GrantableEntity[];

const grantables = new Map<EntityKind, ListGrantable>();

/** Lets the grants structures list an area's entities of one kind; a later registration replaces an earlier one. */
export function registerGrantable(kind: EntityKind, listIds: ListGrantable): void {
  grantables.set(kind, listIds);
}

const entitiesOf = (account: Account, kind: EntityKind): GrantableEntity[] => grantables.get(kind)?.(account) ?? [];

/** A caller that sees every entity of an account, for reading area stores through their own functions. */
export const accountWide = (account: Account): Principal => ({
  account,
  user: { username: '', email: '', restricted: false, grants: emptyGrants() },
  scopes: new Set(['*']),
});

// ---- Users ----

interface UsersState {
  /** The account owner: the first user of the account, followed by identity so renames keep it. */
  owner: User;
  /** Deleted users, kept only under the `deleted-user-grants-kept` fault. */
  ghosts: Map<string, User>;
}

/** Created before any rename or delete, so the first user of the account is still its owner. */
const usersState = (account: Account): UsersState =>
  account.store('users', () => ({ owner: account.users.values().next().value as User, ghosts: new Map() }));

export const isOwner = (account: Account, user: User): boolean => usersState(account).owner === user;

/** Usernames are logins, so they are unique across every account of the world. */
function usernameTaken(world: World, username: string): boolean {
  for (const account of world.accounts.values()) if (account.users.has(username)) return true;
  return false;
}

export function listUsers(p: Principal): User[] {
  return [...p.account.users.values()];
}

export function getUser(p: Principal, username: string): User {
  const user = p.account.users.get(username);
  if (!user) throw notFound('User not found');
  return user;
}

export function createUser(p: Principal, input: UserInput): User {
  const { account } = p;
  const { world } = account;
  usersState(account);
  if (usernameTaken(world, input.username)) throw conflict('Username is already taken', 'username');
  const user: User = {
    username: input.username,
    email: input.email,
    restricted: input.restricted ?? false,
    grants: emptyGrants(),
  };
  if (user.restricted && world.fault('user-created-with-grants')) grantEveryFlag(user.grants);
  if (!world.fault('user-create-not-stored')) account.users.set(user.username, user);
  return user;
}

export function updateUser(p: Principal, username: string, changes: UserChanges): User {
  const { account } = p;
  const { world } = account;
  const user = getUser(p, username);
  if (changes.restricted === true && isOwner(account, user)) {
    throw invalid('restricted', 'The account owner cannot be restricted');
  }
  const renaming = changes.username !== undefined && changes.username !== user.username;
  if (renaming && usernameTaken(world, changes.username as string)) {
    throw conflict('Username is already taken', 'username');
  }
  applyUpdate(world, () => {
    if (changes.email !== undefined) user.email = changes.email;
    if (changes.restricted !== undefined) setRestricted(world, user, changes.restricted);
    if (renaming) rename(account, user, changes.username as string);
  });
  return user;
}

/** A user made restricted holds no grants until they are set; one already restricted keeps its grants. */
function setRestricted(world: World, user: User, restricted: boolean): void {
  if (restricted && !user.restricted && !world.fault('restricted-keeps-grants')) user.grants = emptyGrants();
  user.restricted = restricted;
}

/** Moves the user to its new username and repoints its tokens, which keep working. */
function rename(account: Account, user: User, username: string): void {
  const { world } = account;
  if (world.fault('user-rename-lost')) return;
  const previous = user.username;
  account.users.delete(previous);
  user.username = username;
  account.users.set(username, user);
  for (const t of world.tokens.values()) if (t.account === account && t.username === previous) t.username = username;
}

/** Deletes a user, who is logged out at once: its tokens are revoked. The owner cannot be deleted. */
export function deleteUser(p: Principal, username: string): void {
  const { account } = p;
  const { world } = account;
  const user = getUser(p, username);
  const state = usersState(account);
  if (user === state.owner) throw conflict('The account owner cannot be deleted');
  removeDeleted(world, () => {
    account.users.delete(username);
    if (world.fault('deleted-user-grants-kept')) state.ghosts.set(username, user);
    for (const [token, t] of world.tokens) {
      if (t.account !== account || t.username !== username) continue;
      if (world.fault('deleted-user-logged-in')) t.username = state.owner.username;
      else world.tokens.delete(token);
    }
  });
}

// ---- Grants ----

export interface GrantItem {
  id: number;
  label: string;
  permissions: Permission | null;
}

export type GlobalGrantsView = Record<GlobalGrant, boolean> & { account_access: Permission | null };

export interface GrantsView {
  entities: Record<EntityKind, GrantItem[]>;
  global: GlobalGrantsView;
}

function grantEveryFlag(grants: Grants): void {
  for (const flag of globalGrantFlags) grants.global[flag] = true;
}

function viewOf(
  account: Account,
  permissionOf: (kind: EntityKind, id: number) => Permission | null,
  global: GlobalGrantsView,
  onlyHeld: boolean,
): GrantsView {
  const entities = {} as Record<EntityKind, GrantItem[]>;
  for (const kind of grantEntityKinds) {
    const items = entitiesOf(account, kind).map((e) => ({
      id: e.id,
      label: e.label,
      permissions: permissionOf(kind, e.id),
    }));
    entities[kind] = onlyHeld ? items.filter((i) => i.permissions !== null) : items;
  }
  return { entities, global };
}

/** What the stored grants allow: every entity of the account with the held level or null. */
function storedView(account: Account, grants: Grants, onlyHeld: boolean): GrantsView {
  const global = { account_access: grants.global.account_access ?? null } as GlobalGrantsView;
  for (const flag of globalGrantFlags) global[flag] = grants.global[flag] ?? false;
  return viewOf(account, (kind, id) => grants.entities[kind].get(id) ?? null, global, onlyHeld);
}

/** What an unrestricted user effectively holds: read_write on every entity and every global grant. */
function fullAccessView(account: Account): GrantsView {
  const global = { account_access: 'read_write' } as GlobalGrantsView;
  for (const flag of globalGrantFlags) global[flag] = true;
  return viewOf(account, () => 'read_write', global, false);
}

/**
 * The grants structure of a user. For the owner, whom grants never limit, it is the full access the
 * owner holds; for any other user it is the stored grants, which apply while the user is restricted.
 */
export function viewGrants(p: Principal, username: string): GrantsView {
  const { account } = p;
  const user = account.users.get(username) ?? usersState(account).ghosts.get(username);
  if (!user) throw notFound('User not found');
  if (isOwner(account, user)) return fullAccessView(account);
  return storedView(account, user.grants, account.world.fault('grants-view-partial'));
}

export type GrantsBody = Partial<Record<EntityKind, { id?: number; permissions?: Permission | null }[]>> & {
  global?: Partial<Record<GlobalGrant, boolean>> & { account_access?: Permission | null };
};

interface EntityChange {
  kind: EntityKind;
  id: number;
  permissions: Permission | null;
}

/** The entity grants a body sets, checked before anything changes; items without `permissions` change nothing. */
function entityChanges(account: Account, body: GrantsBody): EntityChange[] {
  const changes: EntityChange[] = [];
  for (const kind of grantEntityKinds) {
    const items = body[kind];
    if (!Array.isArray(items)) continue;
    let existing: Set<number> | undefined;
    items.forEach((item, i) => {
      if (item.id === undefined) throw invalid(`${kind}[${i}].id`, 'id is required');
      if (item.permissions === undefined) return;
      if (item.permissions !== null) {
        existing ??= new Set(entitiesOf(account, kind).map((e) => e.id));
        if (!existing.has(item.id)) throw invalid(`${kind}[${i}].id`, `No ${kind} with id ${item.id} on this account`);
      }
      changes.push({ kind, id: item.id, permissions: item.permissions });
    });
  }
  return changes;
}

function applyEntityChange(world: World, grants: Grants, change: EntityChange): void {
  const held = grants.entities[change.kind];
  if (change.permissions === null) {
    if (!world.fault('grants-null-ignored')) held.delete(change.id);
    return;
  }
  held.set(change.id, world.fault('grant-level-raised') ? 'read_write' : change.permissions);
}

/** Merges the global members the body names; members left out keep their values. */
function applyGlobal(world: World, grants: Grants, global: GrantsBody['global']): void {
  if (!global) {
    // A body without `global` read as every global grant withdrawn (issue 28 item 8).
    if (world.fault('grants-global-reset-when-omitted')) grants.global = emptyGrants().global;
    return;
  }
  if (global.account_access !== undefined) grants.global.account_access = global.account_access;
  for (const flag of globalGrantFlags) if (typeof global[flag] === 'boolean') grants.global[flag] = global[flag];
}

/** Updates a user's grants: entries left out stay unchanged, null permissions remove access. */
export function updateGrants(p: Principal, username: string, body: GrantsBody): GrantsView {
  const { account } = p;
  const { world } = account;
  const user = getUser(p, username);
  if (isOwner(account, user)) throw conflict("The account owner's grants cannot be changed");
  const changes = entityChanges(account, body);
  if (!world.fault('grants-update-ignored')) {
    if (world.fault('grants-update-replaces')) user.grants = emptyGrants();
    for (const change of changes) applyEntityChange(world, user.grants, change);
    applyGlobal(world, user.grants, body.global);
  }
  return viewGrants(p, user.username);
}

/** The caller's own grants: a restricted user sees only entities it holds a grant on; an unrestricted user holds everything. */
export function ownGrants(p: Principal): GrantsView {
  const { account, user } = p;
  const { world } = account;
  if (!user.restricted) return fullAccessView(account);
  if (world.fault('profile-grants-restricted-refused')) throw forbidden('Unauthorized');
  if (world.fault('profile-grants-other-user')) return fullAccessView(account);
  return storedView(account, user.grants, !world.fault('profile-grants-leak'));
}
