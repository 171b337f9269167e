// Procedures on who may see, list and cancel a transfer, written from prose: the creating account, the accepting account, and everyone else.

import { acceptedWith2xx, type Kit, listed, rejectedWith4xx, type WrittenContext } from '../../support/author.js';
import {
  accepted,
  cancelAs,
  canceledAndViewed,
  createTransfer,
  expiredTransfer,
  listedTokens,
  otherOwner,
  otherOwners,
  pendingTransfer,
  viewAs,
} from './support.js';

export async function cancelCreatorOnly(ctx: WrittenContext) {
  const { kit } = ctx;
  const { bystander, acceptor } = await otherOwners(kit);
  const { token } = await pendingTransfer(ctx);
  kit.check(rejectedWith4xx(await cancelAs(kit, token, bystander)), 'a cancel by an unrelated account');
  kit.check(rejectedWith4xx(await cancelAs(kit, token, acceptor)), 'a cancel by another account');
  kit.check(acceptedWith2xx(await cancelAs(kit, token)), 'the cancel by the creating account, once the others failed');
}

export async function cancelNotAccepted(ctx: WrittenContext) {
  const { kit } = ctx;
  const acceptor = await otherOwner(kit, 'acceptor');
  const { token } = await pendingTransfer(ctx);
  if (!(await accepted(kit, token, acceptor, 'accepting a pending transfer'))) return;
  kit.check(rejectedWith4xx(await cancelAs(kit, token)), 'canceling the accepted transfer as its creator');
}

export async function cancelNotExpired(ctx: WrittenContext) {
  const { kit } = ctx;
  const { token, creator } = await expiredTransfer(ctx);
  kit.check(rejectedWith4xx(await cancelAs(kit, token, creator)), 'canceling an expired transfer as its creator');
}

export async function viewPendingAnyAccount(ctx: WrittenContext) {
  const { kit } = ctx;
  const { bystander, acceptor } = await otherOwners(kit);
  const { token } = await pendingTransfer(ctx);
  kit.check(acceptedWith2xx(await viewAs(kit, token)), 'the pending transfer viewed by its creator');
  kit.check(acceptedWith2xx(await viewAs(kit, token, bystander)), 'the pending transfer viewed by another account');
  kit.check(acceptedWith2xx(await viewAs(kit, token, acceptor)), 'the pending transfer viewed by a third account');
}

export async function viewAcceptedPartiesOnly(ctx: WrittenContext) {
  const { kit } = ctx;
  const { bystander, acceptor } = await otherOwners(kit);
  const { token } = await pendingTransfer(ctx);
  if (!(await accepted(kit, token, acceptor, 'accepting a pending transfer'))) return;
  kit.check(acceptedWith2xx(await viewAs(kit, token)), 'the accepted transfer viewed by its creator');
  kit.check(acceptedWith2xx(await viewAs(kit, token, acceptor)), 'the accepted transfer viewed by its acceptor');
  kit.check(rejectedWith4xx(await viewAs(kit, token, bystander)), 'the accepted transfer viewed by a third account');
}

/** The canceled case always; the expired case too, on the file's expired transfer. */
export async function viewClosedCreatorOnly(ctx: WrittenContext) {
  const { kit } = ctx;
  const bystander = await otherOwner(kit, 'bystander');
  if (!(await canceledAndViewed(ctx, bystander))) return;
  const old = await expiredTransfer(ctx);
  kit.check(acceptedWith2xx(await viewAs(kit, old.token, old.creator)), 'the expired transfer viewed by its creator');
  kit.check(rejectedWith4xx(await viewAs(kit, old.token, bystander)), 'the expired transfer viewed by another account');
}

/** A throwaway account acting as acceptor and creator: its users are minted there. */
async function receivingAccount(kit: Kit) {
  const own = await kit.session.throwaway();
  if (!own) return kit.skip('needs a throwaway account that accepts and creates transfers (control interface)');
  return own;
}

export async function listCreatedAndAccepted(ctx: WrittenContext) {
  const { kit } = ctx;
  const receiver = (await receivingAccount(kit)).config.token;
  const offered = await pendingTransfer(ctx);
  if (!(await accepted(kit, offered.token, receiver, 'accepting a transfer of the run account'))) return;
  const own = await pendingTransfer(ctx, receiver);
  const { items, e } = await listedTokens(kit, receiver);
  kit.check(listed(items, own.token, 'the transfer the account created', e), 'the creating account list');
  kit.check(listed(items, offered.token, 'the transfer the account accepted', e), 'the accepting account list');
}

/** A second unrestricted user of the receiving account creates one transfer and accepts another; the owner lists both. */
export async function listRegardlessOfUser(ctx: WrittenContext) {
  const { kit } = ctx;
  const receiving = await receivingAccount(kit);
  const colleague = await receiving.credential({ restricted: false });
  if (!colleague) return kit.skip('needs a second unrestricted user of an account (control interface)');
  const offered = await pendingTransfer(ctx);
  if (!(await accepted(kit, offered.token, colleague.token, 'accepting as a second user'))) return;
  const own = await createTransfer(ctx, [], colleague.token);
  if (!own) return kit.skip('a second user of the account could not create a transfer');
  const { items, e } = await listedTokens(kit, receiving.config.token);
  kit.check(listed(items, own.token, 'the transfer another user of the account created', e), "the owner's list");
  kit.check(listed(items, offered.token, 'the transfer another user of the account accepted', e), "the owner's list");
}
