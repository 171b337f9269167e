// Procedures on the create and accept conditions of a transfer written from prose, those that need no instance of the account's own: status, acceptor, payment method, foreign instances, kinds of service.

import { acceptedWith2xx, rejectedWith4xx, type WrittenContext } from '../../support/author.js';
import { jsonOf, opOf, withInstances } from '../account/support.js';
import {
  acceptAs,
  accepted,
  CANCEL,
  CREATE,
  cancelAs,
  createTransfer,
  otherOwner,
  pendingTransfer,
} from './support.js';

export async function requiresPending(ctx: WrittenContext) {
  const { kit } = ctx;
  const acceptor = await otherOwner(kit, 'acceptor');
  const canceled = await pendingTransfer(ctx);
  if (!kit.check(acceptedWith2xx(await cancelAs(kit, canceled.token)), 'canceling a pending transfer')) return;
  kit.check(rejectedWith4xx(await acceptAs(kit, canceled.token, acceptor)), 'accepting a canceled transfer');
  const taken = await pendingTransfer(ctx);
  if (!(await accepted(kit, taken.token, acceptor, 'accepting a pending transfer'))) return;
  // Its acceptor may still see it, so a refusal cannot come from visibility alone.
  kit.check(rejectedWith4xx(await acceptAs(kit, taken.token, acceptor)), 'its acceptor accepting it again');
}

export async function acceptorNotCreator(ctx: WrittenContext) {
  const { kit } = ctx;
  const { token } = await pendingTransfer(ctx);
  kit.check(rejectedWith4xx(await acceptAs(kit, token)), 'the user who created the transfer accepting it');
  const colleague = await kit.session.credential({ restricted: false, key: 'transfers-colleague' });
  if (!colleague) return;
  kit.check(rejectedWith4xx(await acceptAs(kit, token, colleague.token)), 'another user of the creating account');
}

export async function rejectedStaysPending(ctx: WrittenContext) {
  const { kit } = ctx;
  const acceptor = await otherOwner(kit, 'acceptor');
  const { token } = await pendingTransfer(ctx);
  const refused = await acceptAs(kit, token);
  if (refused.response?.status === undefined || refused.response.status < 400) {
    return kit.skip(
      'the creating account was let accept its own transfer (its own requirement), so no accept was rejected',
    );
  }
  await accepted(kit, token, acceptor, 'accepting, as another account, a transfer whose earlier accept was rejected');
}

const LIST_METHODS = opOf('billing/payment-methods/list');

/** An account opened with no payment method through the control interface: the API cannot make one (the default cannot be deleted). */
export async function acceptorPaymentMethod(ctx: WrittenContext) {
  const { kit } = ctx;
  const own = await kit.session.throwaway({ paymentMethod: false });
  if (!own) return kit.skip('needs an account with no payment method, which only the control interface can open');
  const acceptor = own.config.token;
  const methods = jsonOf(await kit.send(LIST_METHODS, { token: acceptor }))?.data;
  if (!Array.isArray(methods) || methods.length > 0) {
    return kit.skip('the account opened without a payment method lists one (or its list could not be read)');
  }
  const { token } = await pendingTransfer(ctx);
  kit.check(rejectedWith4xx(await acceptAs(kit, token, acceptor)), 'an accept by an account with no payment method');
}

/** A transfer naming an instance of another account (or, when none can be made, an id no instance has). */
export async function ownsEachService(ctx: WrittenContext) {
  const { kit } = ctx;
  const bystander = await otherOwner(kit, 'bystander');
  await withInstances(kit, async (instances) => {
    const foreign = (await instances.create(bystander)).record?.id;
    const nodes = [typeof foreign === 'number' ? foreign : 2_147_483_000];
    const e = await kit.send(CREATE, { body: { entities: { nodes } } });
    const token = jsonOf(e)?.token;
    if (typeof token === 'string') ctx.fixtures.track(CANCEL, { token });
    const what = typeof foreign === 'number' ? 'an instance of another account' : 'an instance id that does not exist';
    kit.check(rejectedWith4xx(e), `a transfer naming ${what}`);
  });
}

/**
 * Other kinds of service named in `entities` (a VPC here) are refused or ignored: if the transfer
 * is made and accepted, the VPC still belongs to the creating account and not to the acceptor.
 */
export async function instancesOnly(ctx: WrittenContext) {
  const { kit, fixtures } = ctx;
  const acceptor = await otherOwner(kit, 'acceptor');
  const { config } = kit.session;
  const body = { label: `${config.labelPrefix}-t${kit.session.nextSeed() % 100000}`, region: config.regions[0] ?? '' };
  const vpc = await kit.send(opOf('vpcs/create'), { body });
  const vpcId = jsonOf(vpc)?.id;
  if (typeof vpcId !== 'number') return kit.skip('a VPC to name in a transfer could not be created');
  fixtures.track(opOf('vpcs/delete'), { vpcId });
  const made = await createTransfer(ctx, [], undefined, { vpcs: [vpcId] });
  if (!made) return;
  if (!(await accepted(kit, made.token, acceptor, 'accepting a transfer that names a VPC'))) return;
  const mine = await kit.send(opOf('vpcs/view'), { params: { vpcId } });
  kit.check(acceptedWith2xx(mine), 'the VPC viewed by the creating account after the accept');
  const theirs = await kit.send(opOf('vpcs/view'), { params: { vpcId }, token: acceptor });
  kit.check(rejectedWith4xx(theirs), 'the VPC viewed by the accepting account after the accept');
}
