// For the model self-tests: a wired world with its owner signed in, other users signed in, and restricted users holding only the grants a test gives them.

import { createWorld } from '../model/wiring.js';
import { type Account, emptyGrants, type Grants, type Permission, type Principal, type World } from '../model/world.js';

/** A wired world with one account whose owner holds an all-scopes token. */
export function ownerWorld(faults: readonly string[] = [], delay = 0) {
  const world = createWorld(new Set(faults), delay);
  const account = world.createAccount('owner', 'owner@example.com');
  const token = world.issueToken(account, 'owner', ['*']);
  const owner = world.principal(token) as Principal;
  return { world, account, token, owner };
}

/** The owner's world with a second account, whose owner (the stranger) holds an all-scopes token too. */
export function ownerAndStranger(faults: readonly string[] = []) {
  const owned = ownerWorld(faults);
  const stranger = signIn(owned.world, owned.world.createAccount('stranger', 'stranger@example.com'), 'stranger');
  return { ...owned, stranger };
}

/** A user of the account signed in through a fresh all-scopes token; a user the account lacks is added first. */
export function signIn(world: World, account: Account, username: string, restricted = false, grants = emptyGrants()) {
  if (!account.users.has(username)) {
    account.users.set(username, { username, email: `${username}@example.com`, restricted, grants });
  }
  return world.principal(world.issueToken(account, username, ['*'])) as Principal;
}

/** A new restricted user of the owner's account, signed in, holding no grants but those `grant` gives it. */
export function restrictedUser(
  world: World,
  owner: Principal,
  grant: (grants: Grants) => void = () => {},
  username = `limited-${world.id()}`,
): Principal {
  const grants = emptyGrants();
  grant(grants);
  return signIn(world, owner.account, username, true, grants);
}

/** A restricted user of the owner's account holding only the given account_access. */
export const accountAccessUser = (world: World, owner: Principal, access: Permission | null) =>
  restrictedUser(world, owner, (grants) => {
    grants.global.account_access = access;
  });

/** A restricted user of the owner's account holding the given grants on instances by id, and add_nodes when asked. */
export const instanceGrantsUser = (
  world: World,
  owner: Principal,
  levels: Record<number, Permission>,
  addNodes = false,
) =>
  restrictedUser(
    world,
    owner,
    (grants) => {
      grants.global.add_nodes = addNodes;
      for (const [id, level] of Object.entries(levels)) grants.entities.node.set(Number(id), level);
    },
    'bob',
  );
