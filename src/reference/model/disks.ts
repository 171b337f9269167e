// Disks of an instance and what deploying an image onto a disk needs (storage within the type's allocation, the in-use rule of resize, root password strength, StackScript, image and SSH user checks, the body rules the pipeline leaves to the model); no HTTP types.

import { operationById } from '../../../spec/index.js';
import { PASSWORD_STRENGTH_ERROR } from '../../../spec/part3/common.js';
import type { CrossRule, ForbiddenIf, Json, RequiredIf } from '../../../spec/types.js';
import { findImage, findType, type Image, type InstanceType } from './catalogue.js';
import type { Devices, Disk, Instance } from './compute-types.js';
import { conflict, invalid, notFound } from './errors.js';
import { applyUpdate, removeDeleted, ruleSkipped } from './seams.js';
import { getStackScript, type StackScript } from './stackscripts.js';
import { type Principal, timestamp, type World } from './world.js';

export type { Disk } from './compute-types.js';

// ---- Body rules the pipeline cannot judge ----

type Body = Record<string, unknown>;

const valueAt = (body: Body, path: string): unknown => {
  let current: unknown = body;
  for (const key of path.split('.')) {
    if (typeof current !== 'object' || current === null || Array.isArray(current)) return undefined;
    current = (current as Body)[key];
  }
  return current;
};

/** Present as the encoding's evaluator reads it: neither absent nor null. */
export const isPresent = (body: Body, path: string): boolean => {
  const value = valueAt(body, path);
  return value !== undefined && value !== null;
};

const matchesAll = (body: Body, patterns: { [key: string]: Json }) =>
  Object.entries(patterns).every(([field, regex]) => {
    const value = valueAt(body, field);
    return typeof value === 'string' && new RegExp(String(regex), 'u').test(value);
  });

/** The condition of a required-if or forbidden-if rule on the body as a whole, or undefined for rules other models judge. */
function conditionOf(rule: CrossRule): ((body: Body) => boolean) | undefined {
  const p: Pick<RequiredIf, 'ifPresent' | 'ifAbsent'> & Pick<ForbiddenIf, 'ifMatches' | 'ifField' | 'matches'> =
    rule.kind === 'required-if' || rule.kind === 'forbidden-if' ? rule.params : {};
  if (typeof p.ifPresent === 'string') return (body) => isPresent(body, p.ifPresent as string);
  if (typeof p.ifAbsent === 'string') return (body) => !isPresent(body, p.ifAbsent as string);
  if (p.ifMatches && typeof p.ifMatches === 'object' && !Array.isArray(p.ifMatches)) {
    const patterns = p.ifMatches;
    return (body) => matchesAll(body, patterns);
  }
  if (typeof p.ifField === 'string' && typeof p.matches === 'string') {
    const patterns = { [p.ifField]: p.matches };
    return (body) => matchesAll(body, patterns);
  }
  return undefined;
}

const plain = (text: string) => text.replaceAll('`', '');

/**
 * Enforces the `required-if` and `forbidden-if` rules of an operation's body that depend on other
 * fields being present or matching; each can be switched off by the pipeline's `skip:` fault name.
 */
export function enforceConditionalRules(world: World, operation: string, body: Body): void {
  for (const rule of operationById.get(operation)?.body?.rules ?? []) {
    if (rule.kind !== 'required-if' && rule.kind !== 'forbidden-if') continue;
    const applies = conditionOf(rule);
    if (!applies || ruleSkipped(world, operation, rule.id) || !applies(body)) continue;
    const target = rule.fields[0] as string;
    if ((rule.kind === 'required-if') !== isPresent(body, target)) throw invalid(target, plain(rule.text));
  }
}

/** Whether a `required-if` rule that makes `field` required is switched off: what the model needs the field for must then do without it. */
export function requirementSkipped(world: World, operation: string, field: string): boolean {
  return (operationById.get(operation)?.body?.rules ?? []).some(
    (r) => r.kind === 'required-if' && r.fields[0] === field && ruleSkipped(world, operation, r.id),
  );
}

// ---- Root passwords ----

/** A short list of the most common passwords; any of them is weak whatever its length. */
const COMMON_PASSWORDS = new Set([
  '123456',
  '1234567',
  '12345678',
  '123456789',
  '1234567890',
  'password',
  'password1',
  'password123',
  'passw0rd',
  'p@ssw0rd',
  'qwerty',
  'qwerty123',
  'qwertyuiop',
  'abc123',
  'abcd1234',
  'letmein',
  'welcome',
  'welcome1',
  'iloveyou',
  'admin',
  'admin123',
  'administrator',
  'changeme',
  'monkey',
  'dragon',
  'football',
  'baseball',
  'sunshine',
  'princess',
  'trustno1',
  'superman',
  'master',
  'shadow',
  'starwars',
  'whatever',
  'root',
  'toor',
  'default',
  'secret',
]);

const CHARACTER_CLASSES = [/[a-z]/u, /[A-Z]/u, /[0-9]/u, /[^A-Za-z0-9]/u];

/**
 * The reference server's password estimator (DECISIONS 11), simple on purpose so that anyone can
 * predict it: a password is strong when it is not one of the common passwords above (compared
 * without case) and it is either at least 16 characters long, or at least 12 characters long with
 * at least three of the four character classes (lower case, upper case, digits, other characters).
 */
export function passwordIsStrong(password: string): boolean {
  if (COMMON_PASSWORDS.has(password.toLowerCase())) return false;
  const length = [...password].length;
  const classes = CHARACTER_CLASSES.filter((c) => c.test(password)).length;
  return length >= 16 || (length >= 12 && classes >= 3);
}

/** Refuses a weak password with the error text Part 3 fixes; `skip:<operation>/<field>-strength` lets it through. */
export function requireStrongPassword(world: World, operation: string, field: string, value: unknown): void {
  if (typeof value !== 'string' || ruleSkipped(world, operation, `${field}-strength`)) return;
  if (!passwordIsStrong(value)) throw invalid(field, PASSWORD_STRENGTH_ERROR);
}

// ---- What a deployment references ----

/** An image the server holds (see `images`: the public ones and one account image). */
export function imageFor(field: string, id: unknown): Image {
  const image = findImage(id);
  if (!image) throw invalid(field, `Image ${String(id)} not found`);
  return image;
}

export interface StackScriptChoice {
  stackscript_id?: number;
  stackscript_data?: Record<string, unknown>;
}

/**
 * The StackScript a deployment runs, as the caller may see it: it must list the image among its
 * images, and every user-defined field it declares needs an answer in `stackscript_data`.
 */
export function stackScriptFor(
  p: Principal,
  choice: StackScriptChoice,
  image: Image | undefined,
): StackScript | undefined {
  if (choice.stackscript_id === undefined) return undefined;
  const { world } = p.account;
  let script: StackScript;
  try {
    script = getStackScript(p, choice.stackscript_id);
  } catch {
    throw invalid('stackscript_id', `StackScript ${choice.stackscript_id} not found`);
  }
  if (image && !script.images.includes(image.id) && !world.fault('stackscript-image-unchecked')) {
    throw invalid('stackscript_id', `StackScript ${script.id} cannot be deployed with image ${image.id}`);
  }
  const answers = choice.stackscript_data ?? {};
  const missing = script.user_defined_fields.find((f) => !(f.name in answers));
  if (missing && !world.fault('stackscript-data-unchecked')) {
    throw invalid('stackscript_data', `The StackScript needs a value for ${missing.name}`);
  }
  return script;
}

/**
 * Every user named must exist on the account and have an SSH key on their profile. The documents
 * define no profile operations, so no user of the reference server has a key: every user named is refused.
 */
export function requireUsersWithKeys(p: Principal, field: string, usernames: readonly string[] | undefined): void {
  if (p.account.world.fault('authorized-users-unchecked')) return;
  for (const [i, username] of (usernames ?? []).entries()) {
    if (!p.account.users.has(username)) throw invalid(`${field}[${i}]`, `User ${username} not found`);
    throw invalid(`${field}[${i}]`, `User ${username} has no SSH key on their profile`);
  }
}

/**
 * The rest of what a deployment from `image` names, in the order the server checks it: the root
 * password's strength (`operation` names its skip), the StackScript with its answers, and the
 * authorized users; the StackScript it runs.
 */
export function requireDeployable(
  p: Principal,
  operation: string,
  input: StackScriptChoice & { root_pass?: string; authorized_users?: readonly string[] },
  image: Image | undefined,
): StackScript | undefined {
  requireStrongPassword(p.account.world, operation, 'root_pass', input.root_pass);
  const script = stackScriptFor(p, input, image);
  requireUsersWithKeys(p, 'authorized_users', input.authorized_users);
  return script;
}

// ---- Storage ----

export const typeOf = (instance: Instance): InstanceType => findType(instance.type) as InstanceType;

export const disksOf = (instance: Instance): Disk[] => [...instance.disks.values()];

export const allocatedStorage = (instance: Instance): number => {
  let total = 0;
  for (const d of instance.disks.values()) total += d.size;
  return total;
};

export const freeStorage = (instance: Instance): number => typeOf(instance).disk - allocatedStorage(instance);

function requireFreeStorage(instance: Instance, needed: number, field: string | undefined): void {
  const free = freeStorage(instance);
  if (needed > free) throw invalid(field, `Not enough free storage: ${needed} MB needed, ${free} MB free`);
}

/** The devices the instance runs with: those of rescue mode or of the booted profile; none while it is shut down. */
export function activeDevices(instance: Instance): Devices | undefined {
  if (instance.rescueDevices) return instance.rescueDevices;
  const booted = instance.bootedConfigId;
  return booted === undefined ? undefined : instance.configs.get(booted)?.devices;
}

export function diskInUse(instance: Instance, diskId: number): boolean {
  const devices = activeDevices(instance);
  return (
    devices !== undefined && Object.values(devices).some((d) => d !== null && 'disk_id' in d && d.disk_id === diskId)
  );
}

export function getDisk(instance: Instance, id: number): Disk {
  const disk = instance.disks.get(id);
  if (!disk) throw notFound('Disk not found');
  return disk;
}

const DISK_LABEL_MAX = 48;
const fitLabel = (label: string) => [...label].slice(0, DISK_LABEL_MAX).join('');

export function newDisk(
  world: World,
  fields: { label: string; size: number; filesystem: string; used?: number; image?: string | null },
): Disk {
  const now = timestamp(world.now());
  return {
    id: world.id(),
    label: fitLabel(fields.label),
    size: fields.size,
    filesystem: fields.filesystem,
    status: 'ready',
    created: now,
    updated: now,
    used: fields.used ?? 0,
    image: fields.image ?? null,
  };
}

/** The disks an image deploy makes: a root disk filling the allocation but the swap, and the swap disk (none for size 0). */
export function imageDisks(world: World, instance: Instance, image: Image, swapSize: number): Disk[] {
  const rootSize = freeStorage(instance) - swapSize;
  const root = newDisk(world, {
    label: `${image.label} Disk`,
    size: rootSize,
    filesystem: image.filesystem,
    used: image.size,
    image: image.id,
  });
  if (swapSize <= 0 || world.fault('image-deploy-no-swap')) return [root];
  return [root, newDisk(world, { label: `${swapSize}MB Swap Image`, size: swapSize, filesystem: 'swap' })];
}

/** Refuses a swap size that leaves the root disk too small for the image. */
export function requireDeployFits(type: InstanceType, image: Image, swapSize: number): void {
  if (swapSize < 0) throw invalid('swap_size', 'swap_size cannot be negative');
  if (type.disk - swapSize < image.size) {
    throw invalid(
      'swap_size',
      `A ${swapSize} MB swap disk leaves less than the ${image.size} MB image ${image.id} needs`,
    );
  }
}

// ---- Disk operations ----

export interface DiskInput extends StackScriptChoice {
  size: number;
  label?: string;
  filesystem?: string;
  image?: string;
  root_pass?: string;
  authorized_keys?: string[];
  authorized_users?: string[];
}

/** Creates an empty disk or one deployed from an image, within the storage the instance's type allows. */
export function createDisk(p: Principal, instance: Instance, input: DiskInput): Disk {
  const { world } = p.account;
  enforceConditionalRules(world, 'disks/create', input as unknown as Body);
  const image = input.image === undefined ? undefined : imageFor('image', input.image);
  requireDeployable(p, 'disks/create', input, image);
  if (input.size < 1) throw invalid('size', 'size must be at least 1 MB');
  if (image && input.size < image.size && !world.fault('disk-image-minimum-ignored')) {
    throw invalid('size', `Image ${image.id} needs a disk of at least ${image.size} MB`);
  }
  requireFreeStorage(instance, input.size, 'size');
  const disk = newDisk(world, {
    label: input.label ?? `${image?.label ?? 'New'} Disk`,
    size: input.size,
    filesystem: input.filesystem ?? image?.filesystem ?? 'ext4',
    used: image?.size ?? 0,
    image: image?.id ?? null,
  });
  instance.disks.set(disk.id, disk);
  return disk;
}

export function updateDisk(p: Principal, instance: Instance, id: number, input: { label?: string }): Disk {
  const disk = getDisk(instance, id);
  const { world } = p.account;
  const { label } = input;
  if (label !== undefined) {
    applyUpdate(world, () => {
      disk.label = label;
    });
  }
  disk.updated = timestamp(world.now());
  return disk;
}

/** Empties every profile slot holding the disk, so no profile names a disk that is gone. */
export function forgetDiskInConfigs(instance: Instance, diskId: number): void {
  for (const config of instance.configs.values()) {
    for (const [slot, device] of Object.entries(config.devices)) {
      if (device && 'disk_id' in device && device.disk_id === diskId) config.devices[slot as keyof Devices] = null;
    }
  }
}

/** Deletes a disk the running instance does not use. */
export function deleteDisk(p: Principal, instance: Instance, id: number): void {
  const disk = getDisk(instance, id);
  const { world } = p.account;
  if (diskInUse(instance, id)) {
    throw conflict('The disk is in use by the running instance; shut it down first');
  }
  removeDeleted(world, () => {
    instance.disks.delete(disk.id);
    forgetDiskInConfigs(instance, disk.id);
  });
}

/** Copies a disk into a new disk of the same instance, when the type's allocation leaves room for it. */
export function cloneDisk(p: Principal, instance: Instance, id: number): Disk {
  const source = getDisk(instance, id);
  const { world } = p.account;
  if (!world.fault('disk-clone-storage-unchecked')) requireFreeStorage(instance, source.size, undefined);
  const copy = newDisk(world, {
    label: `${source.label} (copy)`,
    size: source.size,
    filesystem: source.filesystem,
    used: source.used,
    image: source.image,
  });
  instance.disks.set(copy.id, copy);
  return copy;
}

/** Sets the root password of the disk's filesystem; it is never stored or returned. */
export function resetDiskPassword(p: Principal, instance: Instance, id: number, password: string): Disk {
  const disk = getDisk(instance, id);
  requireStrongPassword(p.account.world, 'disks/password', 'password', password);
  disk.updated = timestamp(p.account.world.now());
  return disk;
}

/**
 * Resizes a disk. While the running instance uses it the request is accepted but the resize fails,
 * so the size stays; a shrink below the space the files take, or growth beyond the free storage, is refused.
 */
export function resizeDisk(p: Principal, instance: Instance, id: number, size: number): Disk {
  const disk = getDisk(instance, id);
  const { world } = p.account;
  if (diskInUse(instance, id)) {
    if (world.fault('disk-resize-in-use-refused')) throw conflict('The disk is in use by the running instance');
    return disk;
  }
  if (size < disk.used && !world.fault('disk-shrink-below-used')) {
    throw invalid('size', `The files on the disk take ${disk.used} MB; it cannot shrink below that`);
  }
  requireFreeStorage(instance, size - disk.size, 'size');
  if (!world.fault('disk-resize-ignored')) disk.size = size;
  disk.updated = timestamp(world.now());
  return disk;
}
