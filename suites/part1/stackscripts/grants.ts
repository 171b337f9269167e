// Restricted users and StackScripts: creating needs the add_stackscripts grant, updating needs read_write on the StackScript.

import {
  acceptedWith2xx,
  type Exchange,
  type Fixtures,
  rejectedWith4xx,
  type WrittenContext,
} from '../../support/author.js';
import { createScript, ops, record, scriptBody, updateScript } from './common.js';

const NEEDS_RESTRICTED = 'needs restricted users with chosen grants (use a target with the control interface)';

/** A StackScript a restricted user managed to create belongs to the account: the owner deletes it at the end. */
function trackCreated(fixtures: Fixtures, e: Exchange) {
  const id = record(e)?.id;
  if (e.response?.status === 200 && typeof id === 'number') fixtures.track(ops.remove, { stackscriptId: String(id) });
}

export async function addStackscriptsGrant({ kit, fixtures }: WrittenContext) {
  const without = await kit.session.credential({ restricted: true, key: 'restricted:no-grants' });
  const withGrant = await kit.session.credential({
    restricted: true,
    grants: { global: { add_stackscripts: true } },
    key: 'restricted:add_stackscripts',
  });
  if (!without || !withGrant) return kit.skip(NEEDS_RESTRICTED);
  const refused = await kit.send(ops.create, { body: scriptBody(kit, false), token: without.token });
  trackCreated(fixtures, refused);
  kit.check(rejectedWith4xx(refused), 'a restricted user without add_stackscripts');
  const accepted = await kit.send(ops.create, { body: scriptBody(kit, false), token: withGrant.token });
  trackCreated(fixtures, accepted);
  kit.check(acceptedWith2xx(accepted), 'a restricted user with add_stackscripts');
}

export async function restrictedNeedsReadWrite({ kit, fixtures }: WrittenContext) {
  const { id } = await createScript(kit, { fixtures });
  const grant = (permissions: 'read_only' | 'read_write') => ({ stackscript: [{ id, permissions }] });
  const none = await kit.session.credential({ restricted: true });
  const readOnly = await kit.session.credential({ restricted: true, grants: grant('read_only') });
  const readWrite = await kit.session.credential({ restricted: true, grants: grant('read_write') });
  if (!none || !readOnly || !readWrite) return kit.skip(NEEDS_RESTRICTED);
  const edit = (token: string) => updateScript(kit, id, { description: 'edited by a restricted user' }, token);
  kit.check(rejectedWith4xx(await edit(none.token)), 'no grant on the StackScript');
  kit.check(rejectedWith4xx(await edit(readOnly.token)), 'read_only on the StackScript');
  kit.check(acceptedWith2xx(await edit(readWrite.token)), 'read_write on the StackScript');
}
