// Procedures on the transfer state table written from prose. No status field is encoded, so each state is judged by what it allows: pending is open to every account and can be accepted or canceled; accepted only to the parties; canceled and expired only to the creator, and closed to every action.

import { acceptedWith2xx, rejectedWith4xx, type WrittenContext } from '../../support/author.js';
import {
  acceptAs,
  accepted,
  cancelAs,
  canceledAndViewed,
  expiredTransfer,
  otherOwner,
  otherOwners,
  pendingTransfer,
  viewAs,
} from './support.js';

export async function createdPending(ctx: WrittenContext) {
  const { kit } = ctx;
  const { bystander, acceptor } = await otherOwners(kit);
  const { token } = await pendingTransfer(ctx);
  kit.check(acceptedWith2xx(await viewAs(kit, token, bystander)), 'a new transfer viewed by an unrelated account');
  await accepted(kit, token, acceptor, 'a new transfer accepted by another account');
}

export async function acceptedState(ctx: WrittenContext) {
  const { kit } = ctx;
  const { bystander, acceptor } = await otherOwners(kit);
  const { token } = await pendingTransfer(ctx);
  if (!(await accepted(kit, token, acceptor, 'accepting a pending transfer'))) return;
  kit.check(acceptedWith2xx(await viewAs(kit, token, acceptor)), 'the accepted transfer viewed by its acceptor');
  kit.check(rejectedWith4xx(await viewAs(kit, token, bystander)), 'the accepted transfer viewed by a third account');
  kit.check(rejectedWith4xx(await cancelAs(kit, token)), 'the accepted transfer canceled by its creator');
}

export async function canceledState(ctx: WrittenContext) {
  const { kit } = ctx;
  const { bystander, acceptor } = await otherOwners(kit);
  const token = await canceledAndViewed(ctx, bystander);
  if (!token) return;
  kit.check(rejectedWith4xx(await acceptAs(kit, token, acceptor)), 'the canceled transfer accepted');
}

export async function canceledFinal(ctx: WrittenContext) {
  const { kit } = ctx;
  const acceptor = await otherOwner(kit, 'acceptor');
  const { token } = await pendingTransfer(ctx);
  if (!kit.check(acceptedWith2xx(await cancelAs(kit, token)), 'canceling a pending transfer')) return;
  kit.check(rejectedWith4xx(await cancelAs(kit, token)), 'canceling the canceled transfer again');
  kit.check(rejectedWith4xx(await acceptAs(kit, token, acceptor)), 'accepting the canceled transfer');
}

export async function expires(ctx: WrittenContext) {
  const { kit } = ctx;
  const acceptor = await otherOwner(kit, 'acceptor');
  const { token, creator } = await expiredTransfer(ctx);
  kit.check(rejectedWith4xx(await acceptAs(kit, token, acceptor)), 'accepting a transfer past its expiration time');
  kit.check(rejectedWith4xx(await cancelAs(kit, token, creator)), 'canceling a transfer past its expiration time');
}
