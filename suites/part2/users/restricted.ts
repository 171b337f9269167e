// Procedures of what grants let a restricted user do, written from prose: no user management ever, entities and account actions only as granted, adding only with the add_* grant.

import { opOf, runLabel } from '../../conventions/sample.js';
import {
  acceptedWith2xx,
  type Credential,
  failed,
  hintsFor,
  markEvents,
  notListed,
  rejectedWith4xx,
  type SendOptions,
  sampleOne,
  validBody,
  type WrittenContext,
} from '../../support/author.js';
import { eventAbout } from '../events/found.js';
import { jsonOf, listAll, newStackScript, newUser, newVpc, restrictedUser, uniqueUsername } from './helpers.js';

const EVERY_FLAG = {
  account_access: 'read_write',
  add_databases: true,
  add_domains: true,
  add_firewalls: true,
  add_images: true,
  add_nodes: true,
  add_longview: true,
  add_nodebalancers: true,
  add_stackscripts: true,
  add_volumes: true,
  add_vpcs: true,
  cancel_account: true,
  longview_subscription: true,
};

export async function neverManageUsers(ctx: WrittenContext) {
  const { kit, fixtures } = ctx;
  const target = await newUser(ctx, true);
  const caller = await restrictedUser(ctx, { global: EVERY_FLAG });
  if (!target) return;
  const params = { username: target.username };
  const token = caller.token;
  const created = uniqueUsername(kit);
  fixtures.track(opOf('users/delete'), { username: created });
  const attempts: [string, SendOptions][] = [
    ['users/list', {}],
    ['users/create', { body: { username: created, email: `${created}@example.com` } }],
    ['users/view', { params }],
    ['users/update', { params, body: { email: `other-${target.username}@example.com` } }],
    ['users/grants/view', { params }],
    ['users/grants/update', { params, body: { global: { add_vpcs: true } } }],
    ['users/delete', { params }],
  ];
  for (const [id, options] of attempts) {
    const e = await kit.send(opOf(id), { ...options, token });
    kit.check(rejectedWith4xx(e), `${id} by a restricted user with account_access read_write`);
  }
}

/** Whether the caller with `token` can view an entity, and whether the list shows it. */
async function seesEntity(
  ctx: WrittenContext,
  area: 'vpcs' | 'stackscripts',
  param: string,
  id: number,
  token: string,
) {
  const view = await ctx.kit.send(opOf(`${area}/view`), { params: { [param]: id }, token });
  const { items, last } = await listAll(ctx.kit, `${area}/list`, token);
  return { view, items, last };
}

export async function needsGrants(ctx: WrittenContext) {
  const { kit } = ctx;
  const [vpc, script] = [await newVpc(ctx), await newStackScript(ctx)];
  const caller = await restrictedUser(ctx);
  if (!vpc || !script) return;
  for (const [area, param, entity, what] of [
    ['vpcs', 'vpcId', vpc, 'a VPC'],
    ['stackscripts', 'stackscriptId', script, 'a private StackScript'],
  ] as const) {
    const seen = await seesEntity(ctx, area, param, entity.id, caller.token);
    kit.check(rejectedWith4xx(seen.view), `viewing ${what} without a grant`);
    kit.check(notListed(seen.items, entity.id, `${what} the caller holds no grant for`, seen.last));
    const update = await kit.send(opOf(`${area}/update`), {
      params: { [param]: entity.id },
      body: { label: runLabel(kit, 'nogrant') },
      token: caller.token,
    });
    kit.check(rejectedWith4xx(update), `updating ${what} without a grant`);
  }
}

/** A card that expires well after the run, whatever the target's clock. */
const CARD_EXPIRY_YEAR = new Date().getUTCFullYear() + 3;

/** The three restricted users of a throwaway account, one per `account_access` level. */
async function levelUsers(ctx: WrittenContext) {
  const account = await ctx.kit.session.throwaway();
  if (!account)
    return ctx.kit.skip('needs a throwaway account for payment method changes, made by the control interface');
  const mint = async (level: string | null) => {
    const c = await account.credential({ restricted: true, grants: { global: { account_access: level } } });
    if (!c) return ctx.kit.skip('needs restricted users with chosen grants, minted by the control interface');
    return c;
  };
  return { none: await mint(null), readOnly: await mint('read_only'), readWrite: await mint('read_write') };
}

export async function accountAccessLevel(ctx: WrittenContext) {
  const { kit } = ctx;
  const users = await levelUsers(ctx);
  const reads = ['account/view', 'billing/payment-methods/list'];
  const change = opOf('billing/payment-methods/create');
  const body = {
    type: 'credit_card',
    is_default: false,
    data: { card_number: '4111111111111111', cvv: '123', expiry_month: 12, expiry_year: CARD_EXPIRY_YEAR },
  };
  const expect = (allowed: boolean, e: Parameters<typeof acceptedWith2xx>[0], what: string) =>
    kit.check(allowed ? acceptedWith2xx(e) : rejectedWith4xx(e), what);
  const levels: [Credential, string, boolean, boolean][] = [
    [users.none, 'null', false, false],
    [users.readOnly, 'read_only', true, false],
    [users.readWrite, 'read_write', true, true],
  ];
  for (const [user, level, read, write] of levels) {
    for (const id of reads)
      expect(read, await kit.send(opOf(id), { token: user.token }), `${id} with account_access ${level}`);
    const e = await kit.send(change, { body, token: user.token });
    expect(write, e, `adding a payment method with account_access ${level}`);
  }
}

/** Creates a VPC and a StackScript as the caller; both are deleted when the test ends. */
async function tryAdding(ctx: WrittenContext, caller: Credential) {
  const { kit } = ctx;
  const vpcOp = opOf('vpcs/create');
  const scriptOp = opOf('stackscripts/create');
  const vpc = sampleOne(validBody(vpcOp, hintsFor(kit.session, vpcOp)), kit.session.nextSeed());
  const script = sampleOne(validBody(scriptOp, hintsFor(kit.session, scriptOp)), kit.session.nextSeed());
  return {
    vpc: await kit.send(vpcOp, { body: vpc, token: caller.token }),
    stackscript: await kit.send(scriptOp, { body: script, token: caller.token }),
  };
}

export async function addGrantsAllowAdding(ctx: WrittenContext) {
  const { kit } = ctx;
  const caller = await restrictedUser(ctx, { global: { add_vpcs: false, add_stackscripts: false } });
  const before = await tryAdding(ctx, caller);
  kit.check(rejectedWith4xx(before.vpc), 'adding a VPC with add_vpcs false');
  kit.check(rejectedWith4xx(before.stackscript), 'adding a StackScript with add_stackscripts false');
  const grant = await kit.send(opOf('users/grants/update'), {
    params: { username: caller.username },
    body: { global: { add_vpcs: true, add_stackscripts: true } },
  });
  if (!kit.check(acceptedWith2xx(grant), 'granting add_vpcs and add_stackscripts')) return;
  const after = await tryAdding(ctx, caller);
  kit.check(acceptedWith2xx(after.vpc), 'adding a VPC with add_vpcs true');
  kit.check(acceptedWith2xx(after.stackscript), 'adding a StackScript with add_stackscripts true');
}

async function grantVpc(ctx: WrittenContext, caller: Credential, vpcId: number, permissions: string | null) {
  const e = await ctx.kit.send(opOf('users/grants/update'), {
    params: { username: caller.username },
    body: { vpc: [{ id: vpcId, permissions }] },
  });
  return ctx.kit.check(acceptedWith2xx(e), `setting ${String(permissions)} on VPC ${vpcId}`);
}

const renameVpc = (ctx: WrittenContext, caller: Credential, vpcId: number) =>
  ctx.kit.send(opOf('vpcs/update'), {
    params: { vpcId },
    body: { label: runLabel(ctx.kit, 'granted') },
    token: caller.token,
  });

export async function levelsApply(ctx: WrittenContext) {
  const { kit } = ctx;
  const vpc = await newVpc(ctx);
  const caller = await restrictedUser(ctx);
  if (!vpc || !(await grantVpc(ctx, caller, vpc.id, 'read_only'))) return;
  const read = await kit.send(opOf('vpcs/view'), { params: { vpcId: vpc.id }, token: caller.token });
  kit.check(acceptedWith2xx(read), 'reading a VPC with read_only');
  kit.check(rejectedWith4xx(await renameVpc(ctx, caller, vpc.id)), 'changing a VPC with read_only');
  if (!(await grantVpc(ctx, caller, vpc.id, 'read_write'))) return;
  const again = await kit.send(opOf('vpcs/view'), { params: { vpcId: vpc.id }, token: caller.token });
  kit.check(acceptedWith2xx(again), 'reading a VPC with read_write');
  kit.check(acceptedWith2xx(await renameVpc(ctx, caller, vpc.id)), 'changing a VPC with read_write');
}

export async function nullMeansNoAccess(ctx: WrittenContext) {
  const { kit } = ctx;
  const vpc = await newVpc(ctx);
  const caller = await restrictedUser(ctx);
  if (!vpc || !(await grantVpc(ctx, caller, vpc.id, 'read_write'))) return;
  if (!(await grantVpc(ctx, caller, vpc.id, null))) return;
  const seen = await seesEntity(ctx, 'vpcs', 'vpcId', vpc.id, caller.token);
  kit.check(rejectedWith4xx(seen.view), 'viewing the VPC after its grant was set to null');
  kit.check(notListed(seen.items, vpc.id, 'a VPC whose grant is null', seen.last));
  kit.check(rejectedWith4xx(await renameVpc(ctx, caller, vpc.id)), 'changing the VPC after its grant was set to null');
}

export async function usernameInEvents(ctx: WrittenContext) {
  const { kit } = ctx;
  const caller = await restrictedUser(ctx, { global: { add_vpcs: true } });
  const op = opOf('vpcs/create');
  const body = sampleOne(validBody(op, hintsFor(kit.session, op)), kit.session.nextSeed());
  const mark = await markEvents(kit);
  const made = await kit.send(op, { body, token: caller.token });
  const id = jsonOf(made)?.id;
  if (!kit.check(acceptedWith2xx(made), 'a restricted user with add_vpcs creating a VPC') || typeof id !== 'number')
    return;
  const event = await eventAbout(ctx, mark, 'vpc_create', id);
  if (!event) return kit.skip('the target records no vpc_create event to read a username from');
  const shown = event.username;
  if (shown === undefined || shown === null || shown === caller.username) return;
  kit.check(
    failed(
      'event-username',
      `no username, or ${caller.username} (the user whose action caused the event)`,
      `username ${JSON.stringify(shown)}`,
      'An event that shows a username shows the user whose action caused it.',
      made,
    ),
  );
}
