// Managed per-instance settings: one entry per instance, documented ssh defaults, and updates that are kept.

import { acceptedWith2xx, fieldEquals, type Kit, listedOnce, type WrittenContext } from '../../support/author.js';
import { createInstance } from '../stackscripts/instances.js';
import { listAll, operation } from '../stackscripts/list-all.js';
import { record } from './common.js';

const settings = {
  list: operation('managed/node-settings/list'),
  view: operation('managed/node-settings/view'),
  update: operation('managed/node-settings/update'),
};

/** The documented defaults of `ssh` (Managed per-instance settings). */
const SSH_DEFAULTS = { access: true, ip: 'any', port: null, user: null };

/** An address responders may use: the instance's first IPv4 address when its record shows one. */
function addressOf(created: Record<string, unknown> | undefined): string {
  const ipv4 = created?.ipv4;
  return Array.isArray(ipv4) && typeof ipv4[0] === 'string' ? ipv4[0] : '203.0.113.10';
}

const view = (kit: Kit, nodeId: number) => kit.send(settings.view, { params: { nodeId } });
const update = (kit: Kit, nodeId: number, ssh: Record<string, unknown>) =>
  kit.send(settings.update, { params: { nodeId }, body: { ssh } });

export async function onePerInstance({ kit, fixtures }: WrittenContext) {
  const { id } = await createInstance(kit, fixtures);
  const listing = await listAll(kit, settings.list);
  if (!listing) return;
  kit.check(listedOnce(listing.items, id, `instance ${id}`, listing.exchange), 'per-instance settings list');
}

export async function sshDefaults({ kit, fixtures }: WrittenContext) {
  const { id } = await createInstance(kit, fixtures);
  const why = 'Settings never updated show the documented ssh defaults.';
  kit.check(fieldEquals(await view(kit, id), 'ssh', SSH_DEFAULTS, why), 'a new instance');
}

export async function updatePersisted({ kit, fixtures }: WrittenContext) {
  const made = await createInstance(kit, fixtures);
  const ssh = { access: false, ip: addressOf(record(made.exchange)), port: 2222, user: 'responder' };
  if (!kit.check(acceptedWith2xx(await update(kit, made.id, ssh)), 'settings update')) return;
  const why = 'After the update the settings view shows the ssh values written.';
  kit.check(fieldEquals(await view(kit, made.id), 'ssh', ssh, why), 'view after the update');
}

export async function ipAnyAccepted({ kit, fixtures }: WrittenContext) {
  const made = await createInstance(kit, fixtures);
  const address = addressOf(record(made.exchange));
  kit.check(acceptedWith2xx(await update(kit, made.id, { ip: address })), `ssh.ip ${address}`);
  kit.check(acceptedWith2xx(await update(kit, made.id, { ip: 'any' })), 'ssh.ip any');
}
