// Instance clone into a new instance or an existing one: which profiles and disks it copies, what it copies besides, and the targets it refuses; no HTTP types.

import { operationById } from '../../../../spec/index.js';
import { regionHas } from '../catalogue.js';
import type { Action, Config, Disk, Instance } from '../compute-types.js';
import { addConfig, copyConfigs } from '../configs.js';
import { enforceConditionalRules, freeStorage, newDisk, requirementSkipped } from '../disks.js';
import { conflict, invalid } from '../errors.js';
import { ruleSkipped } from '../seams.js';
import type { Principal, World } from '../world.js';
import { addAddress, allocatePrivateIpv4 } from './addresses.js';
import { blankInstance, grantCreator, requireRegion, requireType, tagAll } from './create.js';
import { hasVlanInterface } from './reshape.js';
import { activeClones, isBusy, startAction } from './status.js';
import { accountBackupsEnabled, getInstance, putInstance } from './store.js';

// ---- Rule values read from the encoding ----

const cloneOp = operationById.get('instances/clone');
const CLONE_LABEL_DEFAULT = String(cloneOp?.body?.fields.find((f) => f.name === 'label')?.default);
const CONCURRENT_CLONES = (() => {
  const rule = cloneOp?.body?.rules?.find((r) => r.id === 'concurrent-clones');
  const params = rule?.kind === 'custom' ? rule.params : {};
  return { max: Number(params.maxConcurrent), status: Number(params.status) };
})();

// ---- Clone ----

export interface CloneInput {
  node_id?: number;
  region?: string;
  type?: string;
  label?: string;
  group?: string;
  backups_enabled?: boolean;
  private_ip?: boolean;
  metadata?: { user_data?: string };
  configs?: number[];
  disks?: number[];
}

/** The profiles and disks a clone copies, per the `configs` and `disks` table. */
function cloneSelection(world: World, source: Instance, input: CloneInput): { configs: Config[]; disks: Disk[] } {
  const configs =
    input.configs === undefined
      ? [...source.configs.values()]
      : input.configs.map((id, k) => {
          const c = source.configs.get(id);
          if (!c)
            throw invalid(`configs[${k}]`, `Configuration profile ${id} is not a profile of instance ${source.id}`);
          return c;
        });
  const diskIds = new Set<number>();
  for (const c of world.fault('clone-config-disks-skipped') ? [] : configs) {
    for (const d of Object.values(c.devices)) if (d && 'disk_id' in d) diskIds.add(d.disk_id);
  }
  for (const [k, id] of (input.disks ?? []).entries()) {
    if (!source.disks.has(id)) throw invalid(`disks[${k}]`, `Disk ${id} is not a disk of instance ${source.id}`);
    diskIds.add(id);
  }
  if (world.fault('clone-all-disks')) for (const id of source.disks.keys()) diskIds.add(id);
  return { configs, disks: [...diskIds].flatMap((id) => source.disks.get(id) ?? []) };
}

function cloneTarget(p: Principal, source: Instance, input: CloneInput): { target: Instance; isNew: boolean } {
  const { world } = p.account;
  if (input.node_id !== undefined) {
    if (input.node_id === source.id) throw invalid('node_id', 'An instance cannot be cloned into itself');
    const target = getInstance(p, input.node_id, 'read_write');
    if (isBusy(world, target) && !world.fault('clone-target-busy')) {
      throw conflict('The target instance has an action running or queued', 'node_id');
    }
    return { target, isNew: false };
  }
  // With its rule switched off, a missing region or type is the source's.
  const sourceWhenSkipped = (field: 'region' | 'type') =>
    requirementSkipped(world, 'instances/clone', field) ? source[field] : undefined;
  const region = (input.region ?? sourceWhenSkipped('region')) as string;
  requireRegion('region', region);
  const type = requireType('type', (input.type ?? sourceWhenSkipped('type')) as string);
  if (
    source.userData !== null &&
    input.metadata?.user_data === undefined &&
    !world.fault('clone-user-data-unchecked')
  ) {
    throw invalid('metadata.user_data', 'The source has user data: a clone to a new instance needs metadata.user_data');
  }
  if (hasVlanInterface(source) && !regionHas(region, 'NGN')) {
    throw invalid('region', `Region ${region} has no next-generation networking, which the instance's VLAN needs`);
  }
  const target = blankInstance(p, { label: input.label ?? CLONE_LABEL_DEFAULT, region, type });
  return { target, isNew: true };
}

/** Clones profiles and disks of an instance into a new instance or an existing one. */
export function cloneInstance(p: Principal, id: number, input: CloneInput): Instance {
  const source = getInstance(p, id, 'read_only');
  const { world } = p.account;
  enforceConditionalRules(world, 'instances/clone', input as unknown as Record<string, unknown>);
  const limitOff = ruleSkipped(world, 'instances/clone', 'concurrent-clones');
  if (activeClones(world, source) >= CONCURRENT_CLONES.max && !limitOff) {
    throw invalid(
      undefined,
      `At most ${CONCURRENT_CLONES.max} clones of one instance may run at once`,
      CONCURRENT_CLONES.status,
    );
  }
  const { target, isNew } = cloneTarget(p, source, input);
  const selection = cloneSelection(world, source, input);
  const needed = selection.disks.reduce((sum, d) => sum + d.size, 0);
  if (needed > freeStorage(target) && !world.fault('clone-target-storage-unchecked')) {
    throw conflict(`The target needs ${needed} MB of free storage for the cloned disks`, isNew ? 'type' : 'node_id');
  }

  const copies = new Map<number, Disk>();
  for (const d of selection.disks) {
    copies.set(
      d.id,
      newDisk(world, { label: d.label, size: d.size, filesystem: d.filesystem, used: d.used, image: d.image }),
    );
  }
  const configs = copyConfigs(p, 'instances/clone', target, selection.configs, copies);
  for (const d of copies.values()) target.disks.set(d.id, d);
  for (const c of configs) addConfig(p.account, target, c);

  if (isNew) {
    target.group = input.group ?? source.group;
    target.image = source.image;
    target.userData = input.metadata?.user_data ?? null;
    target.backups.enabled = input.backups_enabled === true || accountBackupsEnabled(p.account);
    if (input.private_ip) addAddress(target, allocatePrivateIpv4(world));
    putInstance(p.account, target);
    grantCreator(p, target);
  }
  if (!world.fault('clone-tags-dropped')) tagAll(p.account, target, source.tags);
  startAction(world, target, 'cloning', isNew ? 'offline' : target.powered);
  source.clonesUntil.push((target.action as Action).until);
  return target;
}
