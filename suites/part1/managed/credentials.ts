// Managed credentials: passwords never come back, the update changes only the label, and the account's ssh key is stable.

import {
  acceptedWith2xx,
  fieldEquals,
  type Kit,
  sameAnswer,
  secretNotReturned,
  type WrittenContext,
} from '../../support/author.js';
import { listAll } from '../stackscripts/list-all.js';
import { createManaged, ops, record, runLabel } from './common.js';

/** Credential labels are 2..75 characters long. */
const LABEL_MAX = 75;

/** Long and distinctive, so that finding it in a response cannot be a coincidence. */
const secret = (kit: Kit, tag: string) => `cc-${tag}-${kit.session.nextSeed().toString(36)}-Vq7#Lp2!zR9x`;

const revoke = { op: ops.credentialRevoke, param: 'credentialId' };

/** Every answer around one credential's life (create, view, list, both updates) is searched for its passwords. */
export async function passwordNeverReturned({ kit, fixtures }: WrittenContext) {
  const first = secret(kit, 'first');
  const { id } = await createManaged(kit, fixtures, ops.credentialCreate, revoke, { password: first });
  const params = { credentialId: id };
  await kit.send(ops.credentialView, { params });
  await listAll(kit, ops.credentialList);
  await kit.send(ops.credentialUpdate, { params, body: { label: runLabel(kit, LABEL_MAX) } });
  const second = secret(kit, 'second');
  await kit.send(ops.credentialSecrets, { params, body: { password: second, username: 'cc-responder' } });
  await kit.send(ops.credentialView, { params });
  await listAll(kit, ops.credentialList);
  for (const e of [...kit.exchanges]) {
    const where = `${e.request.method} ${new URL(e.request.url).pathname}`;
    kit.check(secretNotReturned(e, first, 'credential password'), where);
    kit.check(secretNotReturned(e, second, 'credential password'), where);
  }
}

/**
 * A label-only update is applied; one that also carries a password and a username changes at most
 * the label (the username stays as created where the record shows it; the password is never shown).
 */
export async function updateLabelOnly({ kit, fixtures }: WrittenContext) {
  const username = 'cc-original-user';
  const { id } = await createManaged(kit, fixtures, ops.credentialCreate, revoke, { username });
  const params = { credentialId: id };
  const label = runLabel(kit, LABEL_MAX);
  if (!kit.check(acceptedWith2xx(await kit.send(ops.credentialUpdate, { params, body: { label } })), 'label update'))
    return;
  const view = await kit.send(ops.credentialView, { params });
  if (record(view)?.label === undefined) {
    return kit.skip('the credential record does not show `label` (response fields are not shown by the document)');
  }
  kit.check(fieldEquals(view, 'label', label, 'Managed Credential Update changes the label.'), 'view after update');
  const body = { label: runLabel(kit, LABEL_MAX), password: secret(kit, 'ignored'), username: 'cc-changed-user' };
  const mixed = await kit.send(ops.credentialUpdate, { params, body });
  const after = await kit.send(ops.credentialView, { params });
  if (mixed.response?.status === 200 && record(after)?.username !== undefined) {
    const why = 'Managed Credential Update does not apply a username; only the password update does.';
    kit.check(fieldEquals(after, 'username', username, why), 'view after an update carrying username');
  }
}

export async function sshKeySame({ kit }: WrittenContext) {
  const first = await kit.send(ops.sshKey);
  if (!kit.check(acceptedWith2xx(first), 'first call')) return;
  const why = 'The managed ssh public key of the account is unique: every call answers it.';
  for (const call of ['second call', 'third call']) kit.check(sameAnswer(first, await kit.send(ops.sshKey), why), call);
}
