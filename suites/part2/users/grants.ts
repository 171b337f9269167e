// Procedures of the grants structures written from prose: what the grants view lists, what a grants update stores, and what the own-grants view shows its caller.

import { globalGrantFlags, grantEntityKinds } from '../../../spec/part2/users.js';
import { opOf } from '../../conventions/sample.js';
import {
  acceptedWith2xx,
  type Exchange,
  entityPermission,
  globalGrantEquals,
  nothingGranted,
  notListed,
  type WrittenContext,
} from '../../support/author.js';
import { type Json, mintedUser, newStackScript, newUser, newVpc, restrictedUser } from './helpers.js';

const grantsOf = (ctx: WrittenContext, username: string) =>
  ctx.kit.send(opOf('users/grants/view'), { params: { username } });

async function setGrants(ctx: WrittenContext, username: string, body: Json, what: string): Promise<boolean> {
  const e = await ctx.kit.send(opOf('users/grants/update'), { params: { username }, body });
  return ctx.kit.check(acceptedWith2xx(e), what);
}

/** The grants view of a user holds no permission and no global grant. */
async function holdsNothing(ctx: WrittenContext, username: string, why: string) {
  const view = await grantsOf(ctx, username);
  if (ctx.kit.check(acceptedWith2xx(view), 'the grants view'))
    ctx.kit.check(nothingGranted(view, grantEntityKinds, globalGrantFlags, why));
}

export async function createdRestrictedHoldsNothing(ctx: WrittenContext) {
  const user = await newUser(ctx, true);
  if (user) await holdsNothing(ctx, user.username, 'A user created restricted holds no grants until they are set.');
}

export async function madeRestrictedHoldsNothing(ctx: WrittenContext) {
  const { kit } = ctx;
  const [user, vpc] = [await newUser(ctx, false), await newVpc(ctx)];
  if (!user || !vpc) return;
  const grants = {
    vpc: [{ id: vpc.id, permissions: 'read_write' }],
    global: { add_vpcs: true, account_access: 'read_only' },
  };
  if (!(await setGrants(ctx, user.username, grants, 'setting grants while the user is unrestricted'))) return;
  const update = await kit.send(opOf('users/update'), {
    params: { username: user.username },
    body: { restricted: true },
  });
  if (!kit.check(acceptedWith2xx(update), 'making the user restricted')) return;
  await holdsNothing(ctx, user.username, 'Making a user restricted configures no grants.');
}

export async function viewListsAllEntities(ctx: WrittenContext) {
  const { kit } = ctx;
  const [vpc, script] = [await newVpc(ctx), await newStackScript(ctx)];
  const user = await restrictedUser(ctx);
  if (!vpc || !script) return;
  const view = await grantsOf(ctx, user.username);
  if (!kit.check(acceptedWith2xx(view), 'the grants view of a restricted user without grants')) return;
  const why = 'The grants view lists every entity of the account, with null where the user has no access.';
  kit.check(entityPermission(view, 'vpc', vpc.id, null, why));
  kit.check(entityPermission(view, 'stackscript', script.id, null, why));
}

export async function updatePersisted(ctx: WrittenContext) {
  const { kit } = ctx;
  const vpc = await newVpc(ctx);
  const user = await restrictedUser(ctx);
  if (!vpc) return;
  const body = {
    vpc: [{ id: vpc.id, permissions: 'read_only' }],
    global: { add_vpcs: true, account_access: 'read_only' },
  };
  if (!(await setGrants(ctx, user.username, body, 'the grants update'))) return;
  const view = await grantsOf(ctx, user.username);
  const why = 'The grants view shows the grants that were set.';
  kit.check(entityPermission(view, 'vpc', vpc.id, 'read_only', why));
  kit.check(globalGrantEquals(view, 'add_vpcs', true, why));
  kit.check(globalGrantEquals(view, 'account_access', 'read_only', why));
}

export async function omittedUnchanged(ctx: WrittenContext) {
  const { kit } = ctx;
  const [vpc, script] = [await newVpc(ctx), await newStackScript(ctx)];
  const user = await restrictedUser(ctx);
  if (!vpc || !script) return;
  const first = {
    vpc: [{ id: vpc.id, permissions: 'read_write' }],
    stackscript: [{ id: script.id, permissions: 'read_only' }],
    global: { add_vpcs: true, account_access: 'read_only' },
  };
  if (!(await setGrants(ctx, user.username, first, 'the first grants update'))) return;
  const second = { vpc: [{ id: vpc.id, permissions: 'read_only' }], global: { add_stackscripts: true } };
  if (!(await setGrants(ctx, user.username, second, 'a second update naming only some entries'))) return;
  // The decisive case of `global` itself: an update without it leaves every global grant as it was.
  const third = { stackscript: [{ id: script.id, permissions: 'read_only' }] };
  if (!(await setGrants(ctx, user.username, third, 'a third update without `global`'))) return;
  const view = await grantsOf(ctx, user.username);
  const kept = 'Entries left out of a grants update keep their previous values.';
  kit.check(entityPermission(view, 'stackscript', script.id, 'read_only', kept), 'entity left out');
  kit.check(globalGrantEquals(view, 'add_vpcs', true, kept), 'global flag left out');
  kit.check(globalGrantEquals(view, 'account_access', 'read_only', kept), 'account_access left out');
  kit.check(globalGrantEquals(view, 'add_stackscripts', true, kept), '`global` left out of the last update');
  const set = 'Entries named by the update take their new values.';
  kit.check(entityPermission(view, 'vpc', vpc.id, 'read_only', set), 'entity named');
  kit.check(globalGrantEquals(view, 'add_stackscripts', true, set), 'global flag named');
}

/** The own-grants view answered to a caller. */
const ownGrants = (ctx: WrittenContext, token?: string) =>
  ctx.kit.send(opOf('users/profile-grants'), token ? { token } : {});

export async function profileAnyUser(ctx: WrittenContext) {
  const { kit } = ctx;
  kit.check(acceptedWith2xx(await ownGrants(ctx)), 'the account owner');
  const unrestricted = await mintedUser(ctx, { restricted: false });
  kit.check(acceptedWith2xx(await ownGrants(ctx, unrestricted.token)), 'an unrestricted user');
  const restricted = await restrictedUser(ctx);
  kit.check(acceptedWith2xx(await ownGrants(ctx, restricted.token)), 'a restricted user without grants');
}

export async function profileOwnGrants(ctx: WrittenContext) {
  const { kit } = ctx;
  const [mine, theirs] = [await newVpc(ctx), await newVpc(ctx)];
  if (!mine || !theirs) return;
  const caller = await restrictedUser(ctx, {
    vpc: [{ id: mine.id, permissions: 'read_only' }],
    global: { add_vpcs: true },
  });
  await restrictedUser(ctx, {
    vpc: [{ id: theirs.id, permissions: 'read_write' }],
    global: { add_stackscripts: true, account_access: 'read_write' },
  });
  const view = await ownGrants(ctx, caller.token);
  if (!kit.check(acceptedWith2xx(view), "a restricted user's own grants")) return;
  const why = "The own-grants view reports the caller's grants, not another user's.";
  kit.check(entityPermission(view, 'vpc', mine.id, 'read_only', why), 'the grant the caller holds');
  kit.check(globalGrantEquals(view, 'add_vpcs', true, why), 'a global grant the caller holds');
  kit.check(globalGrantEquals(view, 'add_stackscripts', false, why), "another user's global grant");
  kit.check(globalGrantEquals(view, 'account_access', null, why), "another user's account_access");
  kit.check(noAccessTo(view, 'vpc', theirs.id), "another user's entity grant");
}

/** The own-grants view does not list the entity, or lists it without access. */
function noAccessTo(view: Exchange, kind: string, id: number) {
  const items = (view.response?.json as Json | undefined)?.[kind];
  const item = Array.isArray(items) ? (items as Json[]).find((i) => i.id === id) : undefined;
  if (!item || item.permissions === null) return { ok: true } as const;
  return entityPermission(view, kind, id, null, "The own-grants view shows only the caller's access.");
}

export async function profileOnlyAccessible(ctx: WrittenContext) {
  const { kit } = ctx;
  const [seen, hidden] = [await newVpc(ctx), await newVpc(ctx)];
  const script = await newStackScript(ctx);
  if (!seen || !hidden || !script) return;
  const caller = await restrictedUser(ctx, { vpc: [{ id: seen.id, permissions: 'read_only' }] });
  const view = await ownGrants(ctx, caller.token);
  if (!kit.check(acceptedWith2xx(view), "a restricted user's own grants")) return;
  const items = (kind: string) => {
    const list = (view.response?.json as Json | undefined)?.[kind];
    return Array.isArray(list) ? (list as Json[]) : [];
  };
  kit.check(notListed(items('vpc'), hidden.id, 'a VPC the caller cannot access', view));
  kit.check(notListed(items('stackscript'), script.id, 'a StackScript the caller cannot access', view));
}
