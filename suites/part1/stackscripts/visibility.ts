// Who sees a StackScript: anonymous callers only public ones, the owner its own, nobody else a private one; `mine` says whose it is.

import {
  everyListedFlagged,
  fieldEquals,
  type Kit,
  listed,
  notListed,
  rejectedWith4xx,
  type WrittenContext,
} from '../../support/author.js';
import { createScript, ops, publicScript, publisherOrReason, viewScript } from './common.js';
import { listAll } from './list-all.js';

const PRIVATE = 'the private StackScript';

export async function anonymousPublicOnly({ kit, fixtures }: WrittenContext) {
  const own = await createScript(kit, { fixtures });
  const listing = await listAll(kit, ops.list, null, 'list without a token');
  if (!listing) return;
  kit.check(everyListedFlagged(listing.items, 'is_public', listing.exchange), 'list without a token');
  kit.check(notListed(listing.items, own.id, PRIVATE, listing.exchange), 'list without a token');
}

export async function ownListed({ kit, fixtures }: WrittenContext) {
  const own = await createScript(kit, { fixtures });
  const listing = await listAll(kit, ops.list, undefined, "the owner's list");
  if (listing) kit.check(listed(listing.items, own.id, `${PRIVATE} of the caller`, listing.exchange), "owner's list");
}

/** The caller neither views the StackScript nor finds it in its list. */
async function hiddenFrom(kit: Kit, id: number, token: string, who: string) {
  kit.check(rejectedWith4xx(await viewScript(kit, id, token)), `view by ${who}`);
  const listing = await listAll(kit, ops.list, token, `list of ${who}`);
  if (listing) kit.check(notListed(listing.items, id, PRIVATE, listing.exchange), `list of ${who}`);
}

/**
 * Anonymous callers and another account's owner must not see it; a restricted user of the account
 * without a grant on it is another user too (DECISIONS 6), checked when one can be minted.
 */
export async function privateHiddenFromOthers({ kit, fixtures }: WrittenContext) {
  const own = await createScript(kit, { fixtures });
  kit.check(rejectedWith4xx(await viewScript(kit, own.id, null)), 'view without a token');
  const anonymous = await listAll(kit, ops.list, null, 'list without a token');
  if (anonymous) kit.check(notListed(anonymous.items, own.id, PRIVATE, anonymous.exchange), 'list without a token');
  const other = await kit.session.otherAccount();
  const restricted = await kit.session.credential({ restricted: true, key: 'restricted:no-grants' });
  if (restricted) await hiddenFrom(kit, own.id, restricted.token, 'a restricted user without a grant on it');
  if (other) await hiddenFrom(kit, own.id, other.token, 'the owner of another account');
  else if (kit.failures.length === 0) {
    kit.skip('judging visibility to users of other accounts needs a second account (the control interface)');
  }
}

/** True on the caller's own StackScript; false on another account's public one, which the caller can see. */
export async function mine({ kit, fixtures }: WrittenContext) {
  const own = await createScript(kit, { fixtures });
  kit.check(fieldEquals(await viewScript(kit, own.id), 'mine', true, '`mine` is true for the owner.'), 'own, view');
  const owner = await publisherOrReason(kit);
  if (typeof owner === 'string') {
    if (kit.failures.length > 0) return;
    return kit.skip(`a StackScript of another account is needed to see \`mine\` false, and ${owner}`);
  }
  const theirs = await publicScript(kit, owner);
  const why = '`mine` is false on a StackScript the caller does not own.';
  kit.check(fieldEquals(await viewScript(kit, theirs), 'mine', false, why), "another account's public one, view");
}
