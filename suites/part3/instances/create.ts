// Procedures of the Instance Create clauses: what each creation mode deploys, the power state it ends in, and the options it refuses.

import {
  acceptedWith2xx,
  holdActions,
  instanceStatus,
  itemCount,
  knownStatusName,
  recordValueEquals,
  rejectedWith4xx,
  runVlan,
  sameMembers,
  valueAssigned,
  type WrittenContext,
} from '../../support/author.js';
import {
  configsOf,
  disksOf,
  instanceBody,
  jsonOf,
  makeInstance,
  opOf,
  ops,
  requireFull,
  sendCreate,
  settled,
  view,
} from './common.js';

const SWAP_DEFAULT = 512;

/** The status an instance settles in after its creation. */
async function settledStatus(ctx: WrittenContext, extra: Record<string, unknown>, empty = false) {
  const nodeId = await makeInstance(ctx, extra, empty);
  return settled(ctx.kit, nodeId);
}

export async function statusNames(ctx: WrittenContext) {
  const { kit } = ctx;
  const nodeId = await makeInstance(ctx);
  const seen = [await view(kit, nodeId)];
  // Held, the shut down shows its transitional status on the next read.
  await holdActions(kit);
  await kit.send(ops.shutdown, { params: { nodeId } });
  seen.push(await view(kit, nodeId), (await settled(kit, nodeId)).e);
  for (const e of seen) kit.check(knownStatusName(jsonOf(e)?.status, e), 'an instance created, then shut down');
}

export async function labelDefault(ctx: WrittenContext) {
  const { kit } = ctx;
  requireFull(kit);
  const { label: _, ...body } = instanceBody(kit);
  const e = await sendCreate(ctx, body);
  if (!kit.check(acceptedWith2xx(e), 'a create without label')) return;
  const shown = await view(kit, jsonOf(e)?.id as number);
  kit.check(valueAssigned(jsonOf(shown)?.label, 'label', 'An instance created without `label` is given one.', shown));
}

export async function imageRunning(ctx: WrittenContext) {
  const { e, status } = await settledStatus(ctx, {});
  ctx.kit.check(
    instanceStatus(status, ['running'], 'An instance created from an image is running once provisioned.', e),
  );
}

export async function bootedFalseOffline(ctx: WrittenContext) {
  const { e, status } = await settledStatus(ctx, { booted: false });
  ctx.kit.check(instanceStatus(status, ['offline'], 'An instance created with `booted` false stays offline.', e));
}

export async function emptyOffline(ctx: WrittenContext) {
  const { e, status } = await settledStatus(ctx, {}, true);
  ctx.kit.check(instanceStatus(status, ['offline'], 'An empty instance stays offline until it is booted.', e));
}

export async function emptyNoDisks(ctx: WrittenContext) {
  const { kit } = ctx;
  const nodeId = await makeInstance(ctx, {}, true);
  const disks = await disksOf(kit, nodeId);
  kit.check(itemCount(disks.items, 0, 'disks', 'An empty instance has no disks until they are created.', disks.e));
  const configs = await configsOf(kit, nodeId);
  kit.check(
    itemCount(configs.items, 0, 'profiles', 'An empty instance has no profiles until they are created.', configs.e),
  );
}

export async function imageDefaultProfile(ctx: WrittenContext) {
  const { kit } = ctx;
  const nodeId = await makeInstance(ctx);
  const configs = await configsOf(kit, nodeId);
  kit.check(itemCount(configs.items, 1, 'profiles', 'An image deploy gets one configuration profile.', configs.e));
  const disks = await disksOf(kit, nodeId);
  kit.check(itemCount(disks.items, 2, 'disks', 'An image deploy gets two disks.', disks.e));
  const swaps = disks.items.filter((d) => d.filesystem === 'swap').map((d) => d.size);
  kit.check(
    sameMembers(
      swaps,
      [SWAP_DEFAULT],
      'swap disk sizes',
      'One of the two disks is a swap disk of 512 by default.',
      disks.e,
    ),
  );
}

export async function swapSizeImageOnly(ctx: WrittenContext) {
  const { kit } = ctx;
  const swapSize = 256;
  const withImage = await makeInstance(ctx, { swap_size: swapSize });
  const disks = await disksOf(kit, withImage);
  const swaps = disks.items.filter((d) => d.filesystem === 'swap').map((d) => d.size);
  kit.check(
    sameMembers(
      swaps,
      [swapSize],
      'swap disk sizes',
      '`swap_size` sets the size of the swap disk of an image deploy.',
      disks.e,
    ),
  );
  const empty = await makeInstance(ctx, { swap_size: swapSize }, true);
  const none = await disksOf(kit, empty);
  kit.check(itemCount(none.items, 0, 'disks', '`swap_size` is not used when no image is deployed.', none.e));
}

export async function backupsEnabledEnrolls(ctx: WrittenContext) {
  const { kit } = ctx;
  const nodeId = await makeInstance(ctx, { backups_enabled: true });
  const e = await view(kit, nodeId);
  kit.check(
    recordValueEquals(
      jsonOf(e),
      'backups.enabled',
      true,
      '`backups_enabled` true enrolls the instance in the backup service.',
      e,
    ),
  );
}

export async function privateIpAssigned(ctx: WrittenContext) {
  const { kit } = ctx;
  const nodeId = await makeInstance(ctx, { private_ip: true });
  const e = await kit.send(ops.ips, { params: { nodeId } });
  const privates = (jsonOf(e)?.ipv4 as { private?: unknown[] } | undefined)?.private ?? [];
  kit.check(itemCount(privates, 1, 'private IPv4 addresses', '`private_ip` true assigns a private IPv4 address.', e));
}

export async function vlanAttached(ctx: WrittenContext) {
  const { kit } = ctx;
  // The run's first VLAN, which other tests hold too: a new instance holds it once.
  const vlan = runVlan(kit.session.config.labelPrefix, 1);
  const nodeId = await makeInstance(ctx, { interfaces: [{ purpose: 'public' }, { purpose: 'vlan', label: vlan }] });
  const configs = await configsOf(kit, nodeId);
  const labels = configs.items.flatMap((c) =>
    ((c.interfaces as Record<string, unknown>[] | undefined) ?? [])
      .filter((i) => i.purpose === 'vlan')
      .map((i) => i.label),
  );
  kit.check(
    sameMembers(
      labels,
      [vlan],
      'vlan interfaces of the profiles',
      'An instance created with a vlan interface is attached to that VLAN through its profile.',
      configs.e,
    ),
  );
}

export async function tagsUnrestrictedOnly(ctx: WrittenContext) {
  const { kit } = ctx;
  requireFull(kit);
  const user = await kit.session.credential({
    restricted: true,
    grants: { global: { add_nodes: true } },
    key: 'instances:add_nodes',
  });
  if (!user) return kit.skip('needs a restricted user with add_nodes (use a target with the control interface)');
  const e = await sendCreate(ctx, instanceBody(kit, { tags: [`${kit.session.config.labelPrefix}-t`] }), user.token);
  kit.check(rejectedWith4xx(e), 'a restricted user creating an instance with tags');
}

/** Creates a StackScript for `images` with `script`, deleted at the end. */
async function stackScript(ctx: WrittenContext, images: string[], script: string): Promise<number> {
  const { kit } = ctx;
  const body = {
    label: `${kit.session.config.labelPrefix}-s${kit.session.nextSeed() % 10000}`,
    images,
    script,
    is_public: false,
  };
  const e = await kit.send(opOf('stackscripts/create'), { body });
  const id = jsonOf(e)?.id;
  if (e.response?.status !== 200 || typeof id !== 'number')
    return kit.skip(`StackScript Create refused the script this clause needs (${e.response?.status ?? 'no answer'})`);
  ctx.fixtures.track(opOf('stackscripts/delete'), { stackscriptId: String(id) });
  return id;
}

const PLAIN_SCRIPT = '#!/bin/bash\necho ready\n';
const ASKING_SCRIPT = '#!/bin/bash\n# <UDF name="greeting" label="Greeting" example="hello" />\necho "$GREETING"\n';

export async function stackscriptCompatibleImage(ctx: WrittenContext) {
  const { kit } = ctx;
  requireFull(kit);
  const [listed, other] = kit.session.config.images;
  if (!listed || !other) return kit.skip('needs two images of the target (run configuration)');
  const stackscript_id = await stackScript(ctx, [listed], PLAIN_SCRIPT);
  const e = await sendCreate(ctx, instanceBody(kit, { image: other, stackscript_id }));
  kit.check(rejectedWith4xx(e), 'a StackScript deployed with an image it does not list');
}

export async function stackscriptDataWhenNeeded(ctx: WrittenContext) {
  const { kit } = ctx;
  requireFull(kit);
  const image = kit.session.config.images[0] as string;
  const asking = await stackScript(ctx, [image], ASKING_SCRIPT);
  const refused = await sendCreate(ctx, instanceBody(kit, { stackscript_id: asking }));
  kit.check(rejectedWith4xx(refused), 'a StackScript that needs user input, without stackscript_data');
  const plain = await stackScript(ctx, [image], PLAIN_SCRIPT);
  const accepted = await sendCreate(ctx, instanceBody(kit, { stackscript_id: plain }));
  kit.check(acceptedWith2xx(accepted), 'a StackScript that needs no user input, without stackscript_data');
}

export async function stackscriptRunning(ctx: WrittenContext) {
  const { kit } = ctx;
  requireFull(kit);
  const stackscript_id = await stackScript(ctx, [kit.session.config.images[0] as string], PLAIN_SCRIPT);
  const { e, status } = await settledStatus(ctx, { stackscript_id });
  kit.check(
    instanceStatus(status, ['running'], 'An instance created with a StackScript is running once provisioned.', e),
  );
}

export async function authorizedUsersNeedSshKey(ctx: WrittenContext) {
  const { kit } = ctx;
  requireFull(kit);
  const user = await kit.session.credential({ restricted: true, key: 'instances:no-ssh-key' });
  if (!user?.username) return kit.skip('needs a user without SSH keys (use a target with the control interface)');
  const e = await sendCreate(ctx, instanceBody(kit, { authorized_users: [user.username] }));
  kit.check(rejectedWith4xx(e), `authorized_users naming ${user.username}, whose profile has no SSH key`);
}

export async function backupsForcedByAccount(ctx: WrittenContext) {
  const { kit } = ctx;
  requireFull(kit);
  // The account-wide setting is shared state: it is switched on in a throwaway account only (DECISIONS 14).
  const own = await kit.session.throwaway();
  if (!own) return kit.skip('changes an account-wide setting: needs a throwaway account (control interface)');
  const token = own.config.token;
  const set = await kit.send(opOf('account/settings/update'), { body: { backups_enabled: true }, token });
  if (set.response?.status !== 200)
    return kit.skip(`the account-wide backups_enabled could not be set (${set.response?.status})`);
  const e = await kit.send(ops.create, { body: instanceBody(kit, { backups_enabled: false }), token });
  const nodeId = jsonOf(e)?.id;
  if (!kit.check(acceptedWith2xx(e), 'a create in an account whose backups_enabled is true')) return;
  const shown = await kit.send(ops.view, { params: { nodeId: nodeId as number }, token });
  kit.check(
    recordValueEquals(
      jsonOf(shown),
      'backups.enabled',
      true,
      'The account-wide setting enrolls every new instance.',
      shown,
    ),
  );
  await kit.send(ops.remove, { params: { nodeId: nodeId as number }, token });
}
