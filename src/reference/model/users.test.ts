// Unit tests of the users and grants model: user lifecycle, owner protections, token upkeep and the grants structures.

import { describe, expect, test } from 'vitest';
import { globalGrantFlags, grantEntityKinds } from '../../../spec/part2/users.js';
import { errorOf } from '../test-support/model-errors.js';
import { ownerWorld } from '../test-support/principals.js';
import {
  createUser,
  deleteUser,
  getUser,
  listUsers,
  ownGrants,
  registerGrantable,
  updateGrants,
  updateUser,
  viewGrants,
} from './users.js';
import { createVpc } from './vpcs.js';
import type { Principal, World } from './world.js';

/** A principal for a user of the owner's account, through a fresh token. */
function login(world: World, owner: Principal, username: string) {
  const token = world.issueToken(owner.account, username, ['*']);
  return { token, principal: world.principal(token) as Principal };
}

const noGrants = (view: ReturnType<typeof viewGrants>) => {
  const held = grantEntityKinds.flatMap((k) => view.entities[k].filter((i) => i.permissions !== null));
  const flags = globalGrantFlags.filter((f) => view.global[f]);
  return held.length === 0 && flags.length === 0 && view.global.account_access === null;
};

describe('user create and view', () => {
  test('a created user is viewable and listed with its stored fields; restricted defaults to false', () => {
    const { owner } = ownerWorld();
    createUser(owner, { username: 'alice', email: 'alice@example.com' });
    expect(getUser(owner, 'alice')).toMatchObject({ username: 'alice', email: 'alice@example.com', restricted: false });
    expect(listUsers(owner).map((u) => u.username)).toEqual(['owner', 'alice']);
  });

  test('a user created restricted holds no grants', () => {
    const { owner } = ownerWorld();
    createVpc(owner, { label: 'net', region: 'us-east' });
    createUser(owner, { username: 'bob', email: 'bob@example.com', restricted: true });
    expect(noGrants(viewGrants(owner, 'bob'))).toBe(true);
  });

  test('usernames are unique across every account of the world', () => {
    const { world, owner } = ownerWorld();
    world.createAccount('elsewhere', 'e@example.com');
    expect(errorOf(() => createUser(owner, { username: 'elsewhere', email: 'x@example.com' }))).toEqual({
      kind: 'conflict',
      field: 'username',
    });
    expect(errorOf(() => createUser(owner, { username: 'owner', email: 'x@example.com' }))?.kind).toBe('conflict');
  });

  test('an unknown username is not found', () => {
    const { owner } = ownerWorld();
    expect(errorOf(() => getUser(owner, 'nobody'))?.kind).toBe('not-found');
  });

  test('faults: created restricted user with grants; user not stored', () => {
    const a = ownerWorld(['user-created-with-grants']);
    createUser(a.owner, { username: 'bob', email: 'bob@example.com', restricted: true });
    expect(noGrants(viewGrants(a.owner, 'bob'))).toBe(false);
    const b = ownerWorld(['user-create-not-stored']);
    createUser(b.owner, { username: 'bob', email: 'bob@example.com' });
    expect(errorOf(() => getUser(b.owner, 'bob'))?.kind).toBe('not-found');
  });
});

describe('user update', () => {
  test('email and restricted change; the view reports the values last set', () => {
    const { owner } = ownerWorld();
    createUser(owner, { username: 'alice', email: 'alice@example.com' });
    updateUser(owner, 'alice', { email: 'new@example.com', restricted: true });
    expect(getUser(owner, 'alice')).toMatchObject({ email: 'new@example.com', restricted: true });
  });

  test('a renamed user is found under the new username only, and its tokens keep working', () => {
    const { world, owner } = ownerWorld();
    createUser(owner, { username: 'alice', email: 'alice@example.com' });
    const { token } = login(world, owner, 'alice');
    updateUser(owner, 'alice', { username: 'alicia' });
    expect(getUser(owner, 'alicia').username).toBe('alicia');
    expect(errorOf(() => getUser(owner, 'alice'))?.kind).toBe('not-found');
    expect(world.principal(token)?.user.username).toBe('alicia');
  });

  test('renaming to a taken username is refused and changes nothing', () => {
    const { owner } = ownerWorld();
    createUser(owner, { username: 'alice', email: 'alice@example.com' });
    createUser(owner, { username: 'bob', email: 'bob@example.com' });
    expect(errorOf(() => updateUser(owner, 'alice', { username: 'bob', email: 'z@example.com' }))).toEqual({
      kind: 'conflict',
      field: 'username',
    });
    expect(getUser(owner, 'alice').email).toBe('alice@example.com');
  });

  test('renaming to the same username is no change', () => {
    const { owner } = ownerWorld();
    createUser(owner, { username: 'alice', email: 'alice@example.com' });
    expect(updateUser(owner, 'alice', { username: 'alice' }).username).toBe('alice');
  });

  test('making a user restricted clears its grants; a user already restricted keeps them', () => {
    const { owner } = ownerWorld();
    const vpc = createVpc(owner, { label: 'net', region: 'us-east' });
    createUser(owner, { username: 'alice', email: 'alice@example.com' });
    updateGrants(owner, 'alice', { vpc: [{ id: vpc.id, permissions: 'read_write' }], global: { add_vpcs: true } });
    updateUser(owner, 'alice', { restricted: true });
    expect(noGrants(viewGrants(owner, 'alice'))).toBe(true);
    updateGrants(owner, 'alice', { vpc: [{ id: vpc.id, permissions: 'read_only' }] });
    updateUser(owner, 'alice', { restricted: true });
    expect(viewGrants(owner, 'alice').entities.vpc[0]?.permissions).toBe('read_only');
  });

  test('the owner cannot be restricted but can be renamed and stays the owner', () => {
    const { owner } = ownerWorld();
    expect(errorOf(() => updateUser(owner, 'owner', { restricted: true }))).toEqual({
      kind: 'validation',
      field: 'restricted',
    });
    updateUser(owner, 'owner', { username: 'boss' });
    expect(errorOf(() => deleteUser(owner, 'boss'))?.kind).toBe('conflict');
    expect(viewGrants(owner, 'boss').global.account_access).toBe('read_write');
  });

  test('faults: update ignored; restricted keeps grants; rename lost', () => {
    const a = ownerWorld(['update-ignored']);
    createUser(a.owner, { username: 'alice', email: 'alice@example.com' });
    updateUser(a.owner, 'alice', { email: 'new@example.com' });
    expect(getUser(a.owner, 'alice').email).toBe('alice@example.com');

    const b = ownerWorld(['restricted-keeps-grants']);
    createUser(b.owner, { username: 'alice', email: 'alice@example.com' });
    updateGrants(b.owner, 'alice', { global: { add_vpcs: true } });
    updateUser(b.owner, 'alice', { restricted: true });
    expect(viewGrants(b.owner, 'alice').global.add_vpcs).toBe(true);

    const c = ownerWorld(['user-rename-lost']);
    createUser(c.owner, { username: 'alice', email: 'alice@example.com' });
    updateUser(c.owner, 'alice', { username: 'alicia' });
    expect(errorOf(() => getUser(c.owner, 'alicia'))?.kind).toBe('not-found');
  });
});

describe('user delete', () => {
  test('a deleted user is gone, its tokens are revoked and its grants view is refused', () => {
    const { world, owner } = ownerWorld();
    createUser(owner, { username: 'alice', email: 'alice@example.com', restricted: true });
    const { token } = login(world, owner, 'alice');
    deleteUser(owner, 'alice');
    expect(listUsers(owner).map((u) => u.username)).toEqual(['owner']);
    expect(errorOf(() => getUser(owner, 'alice'))?.kind).toBe('not-found');
    expect(errorOf(() => viewGrants(owner, 'alice'))?.kind).toBe('not-found');
    expect(world.tokens.has(token)).toBe(false);
    createUser(owner, { username: 'alice', email: 'again@example.com' });
    expect(world.principal(token)).toBeUndefined();
  });

  test('the owner cannot be deleted; other users may be', () => {
    const { owner } = ownerWorld();
    expect(errorOf(() => deleteUser(owner, 'owner'))?.kind).toBe('conflict');
    expect(errorOf(() => deleteUser(owner, 'nobody'))?.kind).toBe('not-found');
  });

  test('faults: delete keeps the user; deleted user stays logged in; grants kept', () => {
    const a = ownerWorld(['delete-keeps-item']);
    createUser(a.owner, { username: 'alice', email: 'alice@example.com' });
    deleteUser(a.owner, 'alice');
    expect(getUser(a.owner, 'alice').username).toBe('alice');

    const b = ownerWorld(['deleted-user-logged-in']);
    createUser(b.owner, { username: 'alice', email: 'alice@example.com' });
    const { token } = login(b.world, b.owner, 'alice');
    deleteUser(b.owner, 'alice');
    expect(b.world.principal(token)).toBeDefined();

    const c = ownerWorld(['deleted-user-grants-kept']);
    createUser(c.owner, { username: 'alice', email: 'alice@example.com' });
    deleteUser(c.owner, 'alice');
    expect(viewGrants(c.owner, 'alice').global.add_vpcs).toBe(false);
  });
});

describe('grants view and update', () => {
  test('the view lists every entity of each kind with the level held or null', () => {
    const { owner } = ownerWorld();
    const a = createVpc(owner, { label: 'a', region: 'us-east' });
    const b = createVpc(owner, { label: 'b', region: 'us-east' });
    createUser(owner, { username: 'alice', email: 'alice@example.com', restricted: true });
    updateGrants(owner, 'alice', { vpc: [{ id: a.id, permissions: 'read_only' }] });
    const view = viewGrants(owner, 'alice');
    expect(view.entities.vpc).toEqual([
      { id: a.id, label: 'a', permissions: 'read_only' },
      { id: b.id, label: 'b', permissions: null },
    ]);
    expect(Object.keys(view.entities)).toEqual([...grantEntityKinds]);
  });

  test('registered kinds are listed too', () => {
    const { owner } = ownerWorld();
    registerGrantable('domain', () => [{ id: 7, label: 'example.org' }]);
    try {
      createUser(owner, { username: 'alice', email: 'alice@example.com', restricted: true });
      updateGrants(owner, 'alice', { domain: [{ id: 7, permissions: 'read_write' }] });
      expect(viewGrants(owner, 'alice').entities.domain).toEqual([
        { id: 7, label: 'example.org', permissions: 'read_write' },
      ]);
    } finally {
      registerGrantable('domain', () => []);
    }
  });

  test('omitted entries stay unchanged, null removes access, global flags merge', () => {
    const { owner } = ownerWorld();
    const a = createVpc(owner, { label: 'a', region: 'us-east' });
    const b = createVpc(owner, { label: 'b', region: 'us-east' });
    createUser(owner, { username: 'alice', email: 'alice@example.com', restricted: true });
    updateGrants(owner, 'alice', {
      vpc: [
        { id: a.id, permissions: 'read_write' },
        { id: b.id, permissions: 'read_only' },
      ],
      global: { add_vpcs: true, account_access: 'read_only' },
    });
    updateGrants(owner, 'alice', { vpc: [{ id: a.id, permissions: null }], global: { add_domains: true } });
    const view = viewGrants(owner, 'alice');
    expect(view.entities.vpc.map((i) => i.permissions)).toEqual([null, 'read_only']);
    expect(view.global).toMatchObject({ add_vpcs: true, add_domains: true, account_access: 'read_only' });
    updateGrants(owner, 'alice', { global: { account_access: null } });
    expect(viewGrants(owner, 'alice').global.account_access).toBeNull();
  });

  test('an item without permissions changes nothing; one without id is refused', () => {
    const { owner } = ownerWorld();
    const a = createVpc(owner, { label: 'a', region: 'us-east' });
    createUser(owner, { username: 'alice', email: 'alice@example.com', restricted: true });
    updateGrants(owner, 'alice', { vpc: [{ id: a.id, permissions: 'read_only' }] });
    updateGrants(owner, 'alice', { vpc: [{ id: a.id }] });
    expect(viewGrants(owner, 'alice').entities.vpc[0]?.permissions).toBe('read_only');
    expect(errorOf(() => updateGrants(owner, 'alice', { vpc: [{ permissions: 'read_only' }] }))).toEqual({
      kind: 'validation',
      field: 'vpc[0].id',
    });
  });

  test('a grant on an entity the account lacks is refused and nothing changes', () => {
    const { owner } = ownerWorld();
    const a = createVpc(owner, { label: 'a', region: 'us-east' });
    createUser(owner, { username: 'alice', email: 'alice@example.com', restricted: true });
    const body = {
      vpc: [
        { id: a.id, permissions: 'read_write' as const },
        { id: 999_999, permissions: 'read_only' as const },
      ],
      global: { add_vpcs: true },
    };
    expect(errorOf(() => updateGrants(owner, 'alice', body))).toEqual({ kind: 'validation', field: 'vpc[1].id' });
    expect(noGrants(viewGrants(owner, 'alice'))).toBe(true);
    updateGrants(owner, 'alice', { vpc: [{ id: 999_999, permissions: null }] });
  });

  test("the owner's grants view is full access and cannot be updated", () => {
    const { owner } = ownerWorld();
    createVpc(owner, { label: 'a', region: 'us-east' });
    const view = viewGrants(owner, 'owner');
    expect(view.entities.vpc[0]?.permissions).toBe('read_write');
    expect(globalGrantFlags.every((f) => view.global[f])).toBe(true);
    expect(errorOf(() => updateGrants(owner, 'owner', { global: { add_vpcs: false } }))?.kind).toBe('conflict');
  });

  test('faults: partial view; update ignored; update replaces; null ignored; level raised', () => {
    const run = (fault: string) => {
      const s = ownerWorld([fault]);
      const a = createVpc(s.owner, { label: 'a', region: 'us-east' });
      const b = createVpc(s.owner, { label: 'b', region: 'us-east' });
      createUser(s.owner, { username: 'alice', email: 'alice@example.com', restricted: true });
      updateGrants(s.owner, 'alice', { vpc: [{ id: a.id, permissions: 'read_only' }], global: { add_vpcs: true } });
      return { ...s, a, b };
    };
    expect(viewGrants(run('grants-view-partial').owner, 'alice').entities.vpc).toHaveLength(1);
    expect(noGrants(viewGrants(run('grants-update-ignored').owner, 'alice'))).toBe(true);
    const r = run('grants-update-replaces');
    updateGrants(r.owner, 'alice', { vpc: [{ id: r.b.id, permissions: 'read_only' }] });
    expect(viewGrants(r.owner, 'alice').global.add_vpcs).toBe(false);
    const n = run('grants-null-ignored');
    updateGrants(n.owner, 'alice', { vpc: [{ id: n.a.id, permissions: null }] });
    expect(viewGrants(n.owner, 'alice').entities.vpc[0]?.permissions).toBe('read_only');
    expect(viewGrants(run('grant-level-raised').owner, 'alice').entities.vpc[0]?.permissions).toBe('read_write');
  });
});

describe('own grants', () => {
  function withRestricted(faults: string[] = []) {
    const s = ownerWorld(faults);
    const a = createVpc(s.owner, { label: 'a', region: 'us-east' });
    const b = createVpc(s.owner, { label: 'b', region: 'us-east' });
    createUser(s.owner, { username: 'alice', email: 'alice@example.com', restricted: true });
    updateGrants(s.owner, 'alice', { vpc: [{ id: a.id, permissions: 'read_only' }], global: { add_vpcs: true } });
    return { ...s, a, b, alice: login(s.world, s.owner, 'alice').principal };
  }

  test('a restricted user sees only the entities it holds a grant on, with its own global grants', () => {
    const { a, alice } = withRestricted();
    const view = ownGrants(alice);
    expect(view.entities.vpc).toEqual([{ id: a.id, label: 'a', permissions: 'read_only' }]);
    expect(view.global).toMatchObject({ add_vpcs: true, add_domains: false, account_access: null });
  });

  test('an unrestricted user, the owner included, holds every entity and every global grant', () => {
    const { owner, a, b } = withRestricted();
    const view = ownGrants(owner);
    expect(view.entities.vpc.map((i) => [i.id, i.permissions])).toEqual([
      [a.id, 'read_write'],
      [b.id, 'read_write'],
    ]);
    expect(view.global.account_access).toBe('read_write');
  });

  test('faults: leak of every entity; another user grants; restricted refused', () => {
    expect(ownGrants(withRestricted(['profile-grants-leak']).alice).entities.vpc).toHaveLength(2);
    expect(ownGrants(withRestricted(['profile-grants-other-user']).alice).global.account_access).toBe('read_write');
    const r = withRestricted(['profile-grants-restricted-refused']);
    expect(errorOf(() => ownGrants(r.alice))?.kind).toBe('forbidden');
  });
});
