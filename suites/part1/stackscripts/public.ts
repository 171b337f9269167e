// The one-way public flag: making a StackScript public works, and a public one can be neither made private nor deleted.

import { acceptedWith2xx, fieldEquals, listed, rejectedWith4xx, type WrittenContext } from '../../support/author.js';
import { createScript, ops, publicScript, publisher, removeScript, updateScript, viewScript } from './common.js';
import { listAll } from './list-all.js';

/** The owner's view shows it public, a user of another account (the run's) can view it, the anonymous list holds it. */
export async function makePublic({ kit }: WrittenContext) {
  const owner = await publisher(kit);
  const { id } = await createScript(kit, { who: owner });
  try {
    const e = await updateScript(kit, id, { is_public: true }, owner.token);
    if (!kit.check(acceptedWith2xx(e), 'update with is_public true')) return;
    const why = 'Updating with is_public true makes the StackScript public.';
    kit.check(fieldEquals(await viewScript(kit, id, owner.token), 'is_public', true, why), "owner's view");
    kit.check(acceptedWith2xx(await viewScript(kit, id)), 'view by a user of another account');
    const anonymous = await listAll(kit, ops.list, null, 'list without a token');
    if (anonymous) {
      kit.check(listed(anonymous.items, id, 'the StackScript made public', anonymous.exchange), 'list without a token');
    }
  } finally {
    // Refused when it did become public, as it must be; removes it when the update did not take.
    await removeScript(kit, id, owner);
  }
}

export async function publicStaysPublic({ kit }: WrittenContext) {
  const owner = await publisher(kit);
  const id = await publicScript(kit, owner);
  kit.check(
    rejectedWith4xx(await updateScript(kit, id, { is_public: false }, owner.token)),
    'update with is_public false',
  );
  const why = 'A public StackScript cannot be made private.';
  kit.check(fieldEquals(await viewScript(kit, id, owner.token), 'is_public', true, why), 'view after the update');
}

export async function deletePublicRefused({ kit }: WrittenContext) {
  const owner = await publisher(kit);
  const id = await publicScript(kit, owner);
  kit.check(
    rejectedWith4xx(await kit.send(ops.remove, { params: { stackscriptId: String(id) }, token: owner.token })),
    'delete of a public StackScript',
  );
  kit.check(acceptedWith2xx(await viewScript(kit, id, owner.token)), 'view after the delete');
}
