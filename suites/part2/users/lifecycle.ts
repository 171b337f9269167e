// Procedures of the user life cycle written from prose: a created user exists, views report what was set, renames move the user, deletes remove it with its tokens and grants.

import { opOf } from '../../conventions/sample.js';
import {
  acceptedWith2xx,
  type Exchange,
  failed,
  fieldEquals,
  pass,
  rejectedWith4xx,
  type WrittenContext,
} from '../../support/author.js';
import { type Json, listAll, mintedUser, newUser, uniqueUsername } from './helpers.js';

/** Whether a username is among the users list's items (users are keyed by username). */
function usernameListed(items: Json[], username: string, expected: boolean, last: Exchange | undefined) {
  const found = items.some((u) => u.username === username);
  if (found === expected) return pass;
  return failed(
    expected ? 'user-listed' : 'user-not-listed',
    `${username} ${expected ? 'in' : 'absent from'} the users list`,
    `${items.length} user(s) listed, ${username} ${found ? 'among them' : 'not among them'}`,
    expected ? 'A created user appears in the users list.' : 'A deleted user is no longer listed.',
    last,
  );
}

export async function userExists(ctx: WrittenContext) {
  const { kit } = ctx;
  const user = await newUser(ctx);
  if (!user) return;
  const view = await kit.send(opOf('users/view'), { params: { username: user.username } });
  kit.check(acceptedWith2xx(view), 'viewing the user under the username given');
  kit.check(fieldEquals(view, 'username', user.username, 'The user is viewed under the username given.'));
  // Pages move under deletes by other clients (an item slides to a page already read): a second
  // reading finds a user the first one missed that way, never one that is not listed.
  let { items, last } = await listAll(kit, 'users/list');
  if (!items.some((u) => u.username === user.username)) ({ items, last } = await listAll(kit, 'users/list'));
  kit.check(usernameListed(items, user.username, true, last));
}

export async function storedValues(ctx: WrittenContext) {
  const { kit } = ctx;
  const user = await newUser(ctx);
  if (!user) return;
  const params = { username: user.username };
  const why = 'A user view reports the values last set.';
  const first = await kit.send(opOf('users/view'), { params });
  for (const [field, value] of Object.entries(user)) kit.check(fieldEquals(first, field, value, why), 'after create');
  const changes = { email: `changed-${user.username}@example.org`, restricted: true };
  const update = await kit.send(opOf('users/update'), { params, body: changes });
  if (!kit.check(acceptedWith2xx(update), 'updating email and restricted')) return;
  const later = await kit.send(opOf('users/view'), { params });
  for (const [field, value] of Object.entries(changes))
    kit.check(fieldEquals(later, field, value, why), 'after update');
}

export async function renamedUserFound(ctx: WrittenContext) {
  const { kit, fixtures } = ctx;
  const user = await newUser(ctx);
  if (!user) return;
  const renamed = uniqueUsername(kit);
  fixtures.track(opOf('users/delete'), { username: renamed });
  const update = await kit.send(opOf('users/update'), {
    params: { username: user.username },
    body: { username: renamed },
  });
  if (!kit.check(acceptedWith2xx(update), `renaming ${user.username} to ${renamed}`)) return;
  const view = await kit.send(opOf('users/view'), { params: { username: renamed } });
  kit.check(acceptedWith2xx(view), 'viewing the user under its new username');
  kit.check(fieldEquals(view, 'username', renamed, 'A renamed user is found under the new username.'));
}

export async function userGone(ctx: WrittenContext) {
  const { kit } = ctx;
  const user = await newUser(ctx);
  if (!user) return;
  const del = await kit.send(opOf('users/delete'), { params: { username: user.username } });
  if (!kit.check(acceptedWith2xx(del), 'deleting the user')) return;
  const { items, last } = await listAll(kit, 'users/list');
  kit.check(usernameListed(items, user.username, false, last));
  const view = await kit.send(opOf('users/view'), { params: { username: user.username } });
  kit.check(rejectedWith4xx(view), 'viewing the deleted user');
}

export async function loggedOut(ctx: WrittenContext) {
  const { kit } = ctx;
  const user = await mintedUser(ctx, { restricted: false });
  const probe = opOf('users/profile-grants');
  const before = await kit.send(probe, { token: user.token });
  if (!kit.check(acceptedWith2xx(before), "the user's token before the delete")) return;
  const del = await kit.send(opOf('users/delete'), { params: { username: user.username } });
  if (!kit.check(acceptedWith2xx(del), 'deleting the user')) return;
  const after = await kit.send(probe, { token: user.token });
  kit.check(rejectedWith4xx(after), "the deleted user's token, right after the delete");
}

export async function grantsLost(ctx: WrittenContext) {
  const { kit } = ctx;
  const user = await newUser(ctx, true);
  if (!user) return;
  const params = { username: user.username };
  const set = await kit.send(opOf('users/grants/update'), { params, body: { global: { add_vpcs: true } } });
  if (!kit.check(acceptedWith2xx(set), 'setting a grant before the delete')) return;
  const del = await kit.send(opOf('users/delete'), { params });
  if (!kit.check(acceptedWith2xx(del), 'deleting the user')) return;
  const view = await kit.send(opOf('users/grants/view'), { params });
  kit.check(rejectedWith4xx(view), "the deleted user's grants view");
}
