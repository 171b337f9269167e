// The instance state tables as a model-based run: random walks of create (each mode), boot, reboot, shut down, rebuild, resize, root password reset, delete and profile and interface changes, each step judged against a model that knows little more than whether the instance runs and which profile it booted last.

import { requirementById } from '../../../spec/index.js';
import {
  acceptedWith2xx,
  type CheckResult,
  ExpectationBroken,
  itemCount,
  listed,
  notListed,
  type ReadBackStep,
  recordValueEquals,
  recordValueIn,
  rejectedWith4xx,
  requirementsOnRow,
  runVlan,
  type StateCommand,
  type TableAdapter,
  type Step as TableStep,
  type TriggerStep,
  tableRun,
  type WrittenContext,
  type WrittenProcedure,
  wraps,
} from '../../support/author.js';
import {
  CLOUD_CONFIG,
  configsOf,
  disksOf,
  instanceBody,
  type Json,
  jsonOf,
  opOf,
  ops,
  requireFull,
  rootPass,
  sendCreate,
  settled,
  view,
} from './common.js';

/** A requirement id of the encoding; a typo fails when the suite loads. */
function clause(id: string): string {
  if (!requirementById.has(id)) throw new Error(`no requirement ${id} in the encoding`);
  return id;
}

/** The instance's power table, which the walk runs, and the interface activity table its steps take as side effects. */
const POWER = 'instance-power';
const ACTIVITY = 'interface-activity';

/** The one requirement the encoding states on a row of a table (the walk judges the row's state under it). */
function ofRow(table: string, row: string): string {
  const [id, ...more] = requirementsOnRow(table, row);
  if (!id || more.length)
    throw new Error(`the row ${table}#${row} states ${more.length + (id ? 1 : 0)} requirements, not one`);
  return id;
}

/** The clauses the steps are judged under (the rows of the instance and interface state tables, and their conditions). */
const C = {
  imageRunning: clause('instances/create/image-running'),
  stackscriptRunning: clause('instances/create/stackscript-running'),
  backupRunning: clause('instances/create/backup-running'),
  bootedFalseOffline: clause('instances/create/booted-false-offline'),
  emptyOffline: clause('instances/create/empty-offline'),
  emptyNoDisks: clause('instances/create/empty-no-disks'),
  defaultProfile: clause('instances/create/image-default-profile'),
  vlanAttached: clause('instances/create/vlan-attached'),
  bootRunning: ofRow(POWER, 'boot'),
  bootChoice: clause('instances/boot/config-choice'),
  bootNoChoice: clause('instances/boot/no-config-refused'),
  shutdownOffline: ofRow(POWER, 'shutdown'),
  rebootRunning: ofRow(POWER, 'reboot'),
  rebootChoice: clause('instances/reboot/config-choice'),
  rebuildReplaces: ofRow(POWER, 'rebuild'),
  rebuildBooted: clause('instances/rebuild/booted-default'),
  resizeCold: ofRow(POWER, 'resize-cold'),
  passwordShutdown: clause('instances/password/requires-shutdown'),
  deleteRemoved: ofRow(POWER, 'delete'),
  addedInactive: clause('interfaces/add/inactive-until-reboot'),
  activeAfterBoot: ofRow(ACTIVITY, 'boot-with-profile'),
  inactiveAfter: ofRow(ACTIVITY, 'shutdown-or-other-profile'),
  deleteActive: clause('interfaces/delete/active-refused'),
};

const why = (id: string) => requirementById.get(id)?.text ?? id;

/** The vlan interface the walk added to a profile: `active` as the clause `by` says, unknown where the documents leave it open. */
interface Vlan {
  id: number;
  active?: boolean;
  by: string;
}

interface Profile {
  id: number;
  vlan?: Vlan;
}

interface Node {
  id: number;
  running: boolean;
  profiles: Profile[];
  /** The profile booted last: its id; null when none ever was; undefined where the documents leave it open. */
  lastBooted?: number | null;
  /** On the larger type already (the walk resizes once: a deploy takes the whole disk allocation, so never back). */
  resized: boolean;
  /** Deployed from an image: it has a root password to reset. */
  deployed: boolean;
}

/** One instance at a time: created by a step, gone after a delete. */
interface Model {
  node?: Node;
  /** A step the run does not judge went otherwise: the model no longer knows the state, so the walk ends. */
  lost: boolean;
}

interface Real {
  ctx: WrittenContext;
  /** How the instance a walk starts from was created. */
  start: Mode;
  /** The clauses this run fails on; a miss of any other ends the walk, and that clause's own test judges it. */
  judged: ReadonlySet<string>;
  vlanLabel: string;
  largerType?: string;
  stackscriptId?: number;
  /** A finished backup of another instance, for the backup mode. */
  backupId?: number;
  /** The disks before the rebuild in progress. */
  oldDisks?: unknown[];
}

/** A step, with the clauses it judges or leads a walk towards (a run draws the steps of its own clause more often). */
type Step = TableStep<Model, Real> & { clauses: readonly string[] };

/** An expectation from `clause` (none for a step that only moves the walk on). */
function expect(m: Model, r: Real, clauseId: string | undefined, result: CheckResult, context: string): boolean {
  if (result.ok !== false) return true;
  if (clauseId && r.judged.has(clauseId)) {
    r.ctx.kit.check(result, `${context} (walk from a new ${r.start} instance)`);
    throw new ExpectationBroken(r.ctx.kit.failures.at(-1));
  }
  m.lost = true;
  return false;
}

const interfacesIn = (profile: Json | undefined) => (profile?.interfaces as Json[] | undefined) ?? [];

/** Every vlan interface whose `active` the model knows reads it. */
async function expectActivity(m: Model, r: Real, node: Node, context: string): Promise<boolean> {
  const known = node.profiles.filter((p) => p.vlan?.active !== undefined);
  if (known.length === 0) return true;
  const { e, items } = await configsOf(r.ctx.kit, node.id);
  for (const p of known) {
    const vlan = p.vlan as Vlan;
    const shown = interfacesIn(items.find((c) => c.id === p.id)).find((i) => i.id === vlan.id);
    const result = recordValueIn(shown, 'active', [vlan.active], why(vlan.by), e);
    if (!expect(m, r, vlan.by, result, `${context}: the vlan interface of profile ${p.id}`)) return false;
  }
  return true;
}

/** A hand-written step (a read, a precondition, a judgement no row of the table holds). */
type Command = StateCommand<Model, Real> & { clauses: readonly string[] };

/** A trigger of the instance power table: the table's rows of its operation, on the one instance of the model. */
type Trigger = TriggerStep<Model, Real> & { clauses: readonly string[] };

/** The instance of the model, for a step that applies only while there is one. */
const nodeOf = (m: Readonly<Model>): Node => m.node as Node;

const sendOn = (r: Real, op: keyof typeof ops, node: Node, body: Json = {}) =>
  r.ctx.kit.send(ops[op], { params: { nodeId: node.id }, body });

// Create --------------------------------------------------------------------------------------

type Mode = 'image' | 'cloud-config' | 'booted false' | 'empty' | 'vlan' | 'stackscript' | 'backup';

/** The row each mode follows: the state it settles in and the clause that says so. */
const CREATE_ROWS: Record<Mode, { running: boolean; by: string }> = {
  image: { running: true, by: C.imageRunning },
  // Cloud-config metadata is deployed with an image: the image row.
  'cloud-config': { running: true, by: C.imageRunning },
  vlan: { running: true, by: C.imageRunning },
  backup: { running: true, by: C.backupRunning },
  stackscript: { running: true, by: C.stackscriptRunning },
  'booted false': { running: false, by: C.bootedFalseOffline },
  empty: { running: false, by: C.emptyOffline },
};

function createBody(r: Real, mode: Mode): Json {
  const { kit } = r.ctx;
  if (mode === 'empty') return instanceBody(kit, {}, true);
  if (mode === 'booted false') return instanceBody(kit, { booted: false });
  if (mode === 'stackscript') return instanceBody(kit, { stackscript_id: r.stackscriptId });
  if (mode === 'cloud-config') return instanceBody(kit, { metadata: { user_data: CLOUD_CONFIG } });
  // From a backup: no image, so no root password; the source's type, so the backup fits.
  if (mode === 'backup') return instanceBody(kit, { backup_id: r.backupId }, true);
  if (mode === 'vlan')
    return instanceBody(kit, { interfaces: [{ purpose: 'public' }, { purpose: 'vlan', label: r.vlanLabel }] });
  return instanceBody(kit);
}

/** A deploy from a backup has the source's profiles (not judged here: the walk only needs their ids). */
async function backupProfiles(r: Real, node: Node): Promise<void> {
  const { items } = await configsOf(r.ctx.kit, node.id);
  node.profiles = items.map((i) => ({ id: i.id as number }));
}

/** An image deploy gets one profile; with a vlan interface in the body, that profile holds it. */
async function defaultProfile(m: Model, r: Real, node: Node, mode: Mode): Promise<void> {
  const { e, items } = await configsOf(r.ctx.kit, node.id);
  if (!expect(m, r, C.defaultProfile, itemCount(items, 1, 'profiles', why(C.defaultProfile), e), `create (${mode})`))
    return;
  const profile: Profile = { id: items[0]?.id as number };
  node.profiles = [profile];
  if (mode !== 'vlan') return;
  const vlan = interfacesIn(items[0]).find((i) => i.purpose === 'vlan' && i.label === r.vlanLabel);
  const attached = listed(interfacesIn(items[0]), vlan?.id, `the vlan interface ${r.vlanLabel}`, e);
  if (!expect(m, r, C.vlanAttached, attached, 'create (vlan)')) return;
  // Provisioning boots the instance, but the documents do not say the interface reads active then.
  profile.vlan = { id: vlan?.id as number, by: C.vlanAttached };
}

/** An empty instance has no disks and no profiles; the walk gives it a disk to build profiles on. */
async function emptyThenDisk(m: Model, r: Real, node: Node): Promise<void> {
  const { kit } = r.ctx;
  const [disks, configs] = [await disksOf(kit, node.id), await configsOf(kit, node.id)];
  if (!expect(m, r, C.emptyNoDisks, itemCount(disks.items, 0, 'disks', why(C.emptyNoDisks), disks.e), 'create (empty)'))
    return;
  const profiles = itemCount(configs.items, 0, 'profiles', why(C.emptyNoDisks), configs.e);
  if (!expect(m, r, C.emptyNoDisks, profiles, 'create (empty)')) return;
  const body = { size: 1024, label: `d${kit.session.nextSeed() % 100000}`, filesystem: 'ext4' };
  expect(m, r, undefined, acceptedWith2xx(await sendOn(r, 'addDisk', node, body)), 'a disk for the empty instance');
}

const create = (mode: Mode): Trigger => ({
  name: `create (${mode})`,
  operation: 'instances/create',
  clauses: [
    CREATE_ROWS[mode].by,
    ...(mode === 'empty' ? [C.emptyNoDisks] : mode === 'backup' ? [] : [C.defaultProfile]),
    // A running instance whose profile holds the walk's interface: where a reboot's choice and an interface's activity show.
    ...(mode === 'vlan' ? [C.vlanAttached, C.rebootChoice, C.activeAfterBoot, C.inactiveAfter, C.deleteActive] : []),
    // Only an instance never booted can have several profiles and none booted last.
    ...(CREATE_ROWS[mode].running ? [] : [C.bootNoChoice]),
  ],
  applies: (m) => m.node === undefined,
  holds: (row) => row.id === (CREATE_ROWS[mode].running ? 'create-booted' : 'create-offline'),
  under: (phase) => (phase === 'state' ? CREATE_ROWS[mode].by : undefined),
  async fire(m, r) {
    const e = await sendCreate(r.ctx, createBody(r, mode));
    const id = jsonOf(e)?.id;
    const row = CREATE_ROWS[mode];
    if (typeof id === 'number')
      m.node = {
        id,
        running: row.running,
        profiles: [],
        lastBooted: row.running ? undefined : null,
        resized: false,
        deployed: mode !== 'empty',
      };
    // An answer that names no instance: the model no longer knows it.
    else m.lost = true;
    return e;
  },
  async after(_fired, m, r) {
    const node = m.node;
    if (!node) return;
    if (mode === 'empty') await emptyThenDisk(m, r, node);
    else if (mode === 'backup') await backupProfiles(r, node);
    else await defaultProfile(m, r, node, mode);
  },
});

// Power ---------------------------------------------------------------------------------------

const profileById = (node: Node, id: number | null | undefined) => node.profiles.find((p) => p.id === id);

/** The profile a boot with `config_id` names: the newest other than the last booted, so walks switch profiles and do not boot the first by chance. */
const otherProfile = (node: Node): Profile =>
  node.profiles.findLast((p) => p.id !== node.lastBooted) ?? (node.profiles[0] as Profile);

/** Boot without `config_id`: the only profile, else the last booted; none when several exist and none was booted. */
const bootChoice = (node: Node): Profile | undefined =>
  node.profiles.length === 1 ? node.profiles[0] : profileById(node, node.lastBooted);

/** Reboot without `config_id`: the last booted profile, else the only one. */
const rebootChoice = (node: Node): Profile | undefined => profileById(node, node.lastBooted) ?? bootChoice(node);

/** The instance runs `chosen`: its vlan interface becomes active (as `activeBy` says), every other one inactive. */
function startedWith(node: Node, chosen: Profile, activeBy: string): void {
  node.running = true;
  node.lastBooted = chosen.id;
  for (const p of node.profiles) {
    if (!p.vlan) continue;
    if (p === chosen) p.vlan = { id: p.vlan.id, active: true, by: activeBy };
    else if (p.vlan.active !== false) p.vlan = { id: p.vlan.id, active: false, by: C.inactiveAfter };
  }
}

const canBoot = (node: Node | undefined, given: boolean): node is Node =>
  !!node &&
  !node.running &&
  node.profiles.length > 0 &&
  (given || node.profiles.length === 1 || node.lastBooted !== undefined);

const boot = (given: boolean): Trigger => ({
  name: given ? 'boot with config_id' : 'boot',
  operation: 'instances/boot',
  // A boot makes the interfaces of its profile active, which a delete must then find refused.
  clauses: [C.bootRunning, C.bootChoice, C.deleteActive, ...(given ? [] : [C.bootNoChoice])],
  applies: (m) => canBoot(m.node, given),
  // Without config_id and with several profiles none of which was booted last, no configuration can be selected.
  holds: (_row, m) => (given ? otherProfile(nodeOf(m)) : bootChoice(nodeOf(m))) !== undefined,
  under: (phase, row) =>
    !row ? C.bootNoChoice : phase === 'answer' ? (given ? C.bootRunning : C.bootChoice) : C.bootRunning,
  fire: (m, r) => {
    const node = nodeOf(m);
    const chosen = given ? otherProfile(node) : bootChoice(node);
    return sendOn(r, 'boot', node, given ? { config_id: chosen?.id } : {});
  },
  // The active interfaces show which profile the boot used: the given one, else the one the clause chooses.
  async after({ row }, m, r) {
    if (!row) return;
    const node = nodeOf(m);
    startedWith(node, (given ? otherProfile(node) : bootChoice(node)) as Profile, C.bootChoice);
    await expectActivity(m, r, node, 'after boot');
  },
});

const canReboot = (node: Node | undefined, given: boolean): node is Node =>
  !!node && node.running && node.profiles.length > 0 && (given || rebootChoice(node) !== undefined);

const reboot = (given: boolean): Trigger => ({
  name: given ? 'reboot with config_id' : 'reboot',
  operation: 'instances/reboot',
  // A reboot with config_id sets the profile booted last, which a reboot without one must use.
  clauses: [C.rebootRunning, C.inactiveAfter, C.rebootChoice, C.deleteActive, ...(given ? [C.activeAfterBoot] : [])],
  applies: (m) => canReboot(m.node, given),
  under: (phase) => (phase === 'answer' && !given ? C.rebootChoice : C.rebootRunning),
  fire: (m, r) => {
    const node = nodeOf(m);
    const chosen = (given ? otherProfile(node) : rebootChoice(node)) as Profile;
    return sendOn(r, 'reboot', node, given ? { config_id: chosen.id } : {});
  },
  async after(_fired, m, r) {
    const node = nodeOf(m);
    const chosen = (given ? otherProfile(node) : rebootChoice(node)) as Profile;
    startedWith(node, chosen, given ? C.activeAfterBoot : C.rebootChoice);
    await expectActivity(m, r, node, 'after reboot');
  },
});

const shutdown: Trigger = {
  name: 'shutdown',
  operation: 'instances/shutdown',
  clauses: [C.shutdownOffline, C.inactiveAfter],
  applies: (m) => !!m.node?.running,
  fire: (m, r) => sendOn(r, 'shutdown', nodeOf(m)),
  async after(_fired, m, r) {
    const node = nodeOf(m);
    for (const p of node.profiles) if (p.vlan) p.vlan = { id: p.vlan.id, active: false, by: C.inactiveAfter };
    await expectActivity(m, r, node, 'after shutdown');
  },
};

// Rebuild, resize, password, delete -----------------------------------------------------------

/** A rebuild deletes every disk and profile and deploys the image again: one new profile, none of the old disks. */
async function expectReplaced(m: Model, r: Real, node: Node, oldDisks: readonly unknown[]): Promise<boolean> {
  const { kit } = r.ctx;
  const holds = (result: CheckResult, what: string) => expect(m, r, C.rebuildReplaces, result, `${what} after rebuild`);
  const configs = await configsOf(kit, node.id);
  if (!holds(itemCount(configs.items, 1, 'profiles', why(C.rebuildReplaces), configs.e), 'profiles')) return false;
  const oldProfile = (id: number) => notListed(configs.items, id, 'the profile from before', configs.e);
  if (!node.profiles.every((p) => holds(oldProfile(p.id), 'profiles'))) return false;
  const disks = await disksOf(kit, node.id);
  const oldDisk = (id: unknown) => notListed(disks.items, id, 'the disk from before', disks.e);
  if (!oldDisks.every((id) => holds(oldDisk(id), 'disks'))) return false;
  node.profiles = [{ id: configs.items[0]?.id as number }];
  return true;
}

const rebuild = (booted: boolean): Trigger => ({
  name: booted ? 'rebuild' : 'rebuild booted:false',
  operation: 'instances/rebuild',
  clauses: [C.rebuildReplaces, C.rebuildBooted],
  applies: (m) => m.node !== undefined,
  // The row's condition: offline instead of running when booted is false.
  next: () => (booted ? 'running' : 'offline'),
  under: (phase) => (phase === 'answer' ? C.rebuildReplaces : C.rebuildBooted),
  async fire(m, r) {
    const node = nodeOf(m);
    const { kit } = r.ctx;
    r.oldDisks = (await disksOf(kit, node.id)).items.map((d) => d.id);
    const body = { image: kit.session.config.images[0], root_pass: rootPass(kit), ...(booted ? {} : { booted }) };
    return sendOn(r, 'rebuild', node, body);
  },
  async after(_fired, m, r) {
    const node = nodeOf(m);
    // The profile booted last is gone; which one the rebuild booted the documents leave open.
    Object.assign(node, { lastBooted: undefined, deployed: true });
    await expectReplaced(m, r, node, r.oldDisks ?? []);
  },
});

/** Resize of a running instance (cold by default): powered down, migrated, powered on, of the new type. */
const resize: Trigger = {
  name: 'resize',
  operation: 'instances/resize',
  clauses: [C.resizeCold],
  applies: (m) => !!m.node?.running && !m.node.resized,
  // Refused for an outstanding balance, which the walk cannot see: the answer is not judged (the default).
  fire: (m, r) => sendOn(r, 'resize', nodeOf(m), { type: r.largerType as string }),
  async after({ read }, m, r) {
    const node = nodeOf(m);
    node.resized = true;
    // Which profile the power-on uses the documents do not say.
    for (const p of node.profiles) if (p.vlan) p.vlan = { id: p.vlan.id, by: C.resizeCold };
    const type = r.largerType as string;
    const result = recordValueEquals(read && jsonOf(read), 'type', type, why(C.resizeCold), read);
    expect(m, r, C.resizeCold, result, 'resize');
  },
};

const password: Command = {
  clauses: [C.passwordShutdown],
  check: (m) => !!m.node?.deployed,
  async run(m, r) {
    const node = nodeOf(m);
    const e = await sendOn(r, 'password', node, { root_pass: rootPass(r.ctx.kit) });
    // Refused while running; the documents do not promise the reset of an offline instance succeeds, so that is not judged.
    if (node.running) expect(m, r, C.passwordShutdown, rejectedWith4xx(e), 'root password reset of a running instance');
    else expect(m, r, undefined, acceptedWith2xx(e), 'root password reset of an offline instance');
  },
  toString: () => 'password reset',
};

const remove: Trigger = {
  name: 'delete',
  operation: 'instances/delete',
  clauses: [C.deleteRemoved],
  applies: (m) => m.node !== undefined,
  fire: (m, r) => sendOn(r, 'remove', nodeOf(m)),
};

// Profiles and interfaces ---------------------------------------------------------------------

const MAX_PROFILES = 3;

const addProfile: Command = {
  clauses: [C.bootChoice, C.bootNoChoice, C.rebootChoice],
  check: (m) => !!m.node && m.node.profiles.length < MAX_PROFILES,
  async run(m, r) {
    const node = nodeOf(m);
    const { kit } = r.ctx;
    const { items } = await disksOf(kit, node.id);
    const disk = items.find((d) => d.filesystem !== 'swap') ?? items[0];
    const body = { label: `p${kit.session.nextSeed() % 100000}`, devices: { sda: { disk_id: disk?.id } } };
    const e = await sendOn(r, 'addConfig', node, body);
    if (expect(m, r, undefined, acceptedWith2xx(e), 'add profile')) node.profiles.push({ id: jsonOf(e)?.id as number });
  },
  toString: () => 'add profile',
};

/** Deletes the newest profile of an offline instance (the documents say nothing of deleting the running one). */
const deleteProfile: Command = {
  clauses: [],
  check: (m) => !!m.node && !m.node.running && m.node.profiles.length > 0,
  async run(m, r) {
    const node = nodeOf(m);
    const profile = node.profiles.at(-1) as Profile;
    const e = await r.ctx.kit.send(opOf('configs/delete'), { params: { nodeId: node.id, configId: profile.id } });
    if (!expect(m, r, undefined, acceptedWith2xx(e), 'delete profile')) return;
    node.profiles.pop();
    if (node.lastBooted === profile.id) node.lastBooted = undefined;
  },
  toString: () => 'delete profile',
};

/** Adds the walk's vlan interface (one per instance: its label is unique among the instance's interfaces) to the newest profile. */
const addVlan: Command = {
  clauses: [C.addedInactive, C.activeAfterBoot, C.inactiveAfter, C.deleteActive, C.bootChoice, C.rebootChoice],
  check: (m) => !!m.node && m.node.profiles.length > 0 && !m.node.profiles.some((p) => p.vlan),
  async run(m, r) {
    const node = nodeOf(m);
    const profile = node.profiles.at(-1) as Profile;
    const e = await r.ctx.kit.send(ops.addInterface, {
      params: { nodeId: node.id, configId: profile.id },
      body: { purpose: 'vlan', label: r.vlanLabel },
    });
    if (!expect(m, r, undefined, acceptedWith2xx(e), 'add vlan interface')) return;
    profile.vlan = { id: jsonOf(e)?.id as number, active: false, by: C.addedInactive };
    await expectActivity(m, r, node, 'after adding the interface');
  },
  toString: () => 'add vlan interface',
};

const deleteVlan: Command = {
  clauses: [C.deleteActive, C.inactiveAfter],
  check: (m) => !!m.node?.profiles.some((p) => p.vlan?.active !== undefined),
  async run(m, r) {
    const node = nodeOf(m);
    const profile = node.profiles.find((p) => p.vlan?.active !== undefined) as Profile;
    const vlan = profile.vlan as Vlan;
    const params = { nodeId: node.id, configId: profile.id, interfaceId: vlan.id };
    const e = await r.ctx.kit.send(opOf('interfaces/delete'), { params });
    if (vlan.active) {
      expect(m, r, C.deleteActive, rejectedWith4xx(e), 'deleting the active vlan interface');
      return;
    }
    // "Interface becomes deletable" is said of one a shut down or a restart left inactive.
    const deletable = vlan.by === C.inactiveAfter ? C.inactiveAfter : undefined;
    if (expect(m, r, deletable, acceptedWith2xx(e), 'deleting the inactive vlan interface')) profile.vlan = undefined;
  },
  toString: () => 'delete vlan interface',
};

/** A later read: the power state still holds (judged under the clause of the row that led there), and so does every interface's activity. */
const read: ReadBackStep<Model, Real> & { clauses: readonly string[] } = {
  name: 'read',
  clauses: [],
  applies: (m) => m.node !== undefined,
  readBack: (m, r) => readState(m, r, stateOf(m)),
  async alsoHolds(m, r) {
    await expectActivity(m, r, nodeOf(m), 'on a later read');
  },
};

// The run -------------------------------------------------------------------------------------

/** How many times more often a step is drawn when the run judges (or a walk needs it to reach) one of its clauses. */
const FOCUS_WEIGHT = 6;

const MODES: readonly Mode[] = ['image', 'cloud-config', 'booted false', 'empty', 'vlan', 'stackscript', 'backup'];

const stateOf = (m: Readonly<Model>) => (m.node ? (m.node.running ? 'running' : 'offline') : '(none)');

/** The instance's state on the target: settled after a power change, or gone after a delete (viewing it is refused). */
async function readState(m: Readonly<Model>, r: Real, next: string) {
  const node = m.node;
  if (!node) return undefined;
  if (next === 'deleted') {
    const e = await view(r.ctx.kit, node.id);
    const gone = rejectedWith4xx(e).ok === true;
    return { state: gone ? 'deleted' : (jsonOf(e)?.status as string | undefined), exchange: e };
  }
  const { e, status } = await settled(r.ctx.kit, node.id);
  return { state: status, exchange: e };
}

export const lifecycleAdapter: TableAdapter<Model, Real> = {
  table: POWER,
  stateOf,
  enter(m, state) {
    if (state === 'deleted') m.node = undefined;
    else if (m.node) m.node.running = state === 'running';
  },
  read: (m, r, _answer, next) => readState(m, r, next),
  judge: (_kit, result, context, m, r, under) => expect(m, r, under, result, context),
  lost: (m) => m.lost,
  steps: [...MODES.map(create), ...stepsAfterCreate(true)],
  excluded: {
    'resize-warm':
      'a written test judges it (instances/resize/warm-stays-up); the walk resizes once, cold, to keep its request count',
    mutate:
      'written tests judge it (instances/mutate/*); the walk makes instances of current types, which have no upgrade',
    'migrate-cold':
      'a written test judges it (instances/migrate/cold-default); the row keeps the state and moves the instance between hosts no answer shows',
    'migrate-warm':
      'a written test judges it (instances/migrate/warm-stays-up); the row keeps the state and moves the instance between hosts no answer shows',
  },
};

/** Every step a walk draws from but the creates; a resize needs a larger type to go to. */
function stepsAfterCreate(largerType: boolean): Step[] {
  return [
    boot(false),
    boot(true),
    reboot(false),
    reboot(true),
    shutdown,
    rebuild(true),
    rebuild(false),
    ...(largerType ? [resize] : []),
    password,
    remove,
    addProfile,
    deleteProfile,
    addVlan,
    deleteVlan,
    read,
  ];
}

function stepsFor(judged: ReadonlySet<string>, modes: readonly Mode[], largerType: boolean): Step[] {
  const weighted = stepsAfterCreate(largerType).flatMap((c) =>
    Array(c.clauses.some((x) => judged.has(x)) ? FOCUS_WEIGHT : 1).fill(c),
  );
  // A create applies after a delete only (every walk starts from a new instance): drawn as often as any step.
  return [...modes.map(create), ...weighted];
}

/** A StackScript for the run's first image, for the StackScript mode; undefined when the target refuses it. */
async function plainStackScript(ctx: WrittenContext): Promise<number | undefined> {
  const { kit } = ctx;
  const body = {
    label: `${kit.session.config.labelPrefix}-lm${kit.session.nextSeed() % 10000}`,
    images: [kit.session.config.images[0]],
    script: '#!/bin/bash\necho ready\n',
    is_public: false,
  };
  const e = await kit.send(opOf('stackscripts/create'), { body });
  const id = jsonOf(e)?.id;
  if (e.response?.status !== 200 || typeof id !== 'number') return undefined;
  ctx.fixtures.track(opOf('stackscripts/delete'), { stackscriptId: String(id) });
  return id;
}

/** A finished backup of an instance of the run's own, for the backup mode; undefined when the target refuses a step. */
async function backupToDeploy(ctx: WrittenContext): Promise<number | undefined> {
  const { kit } = ctx;
  const made = await sendCreate(ctx, instanceBody(kit));
  const nodeId = jsonOf(made)?.id;
  if (made.response?.status !== 200 || typeof nodeId !== 'number') return undefined;
  await settled(kit, nodeId);
  const e = await kit.send(ops.snapshot, {
    params: { nodeId },
    body: { label: `lm${kit.session.nextSeed() % 10000}` },
  });
  const id = jsonOf(e)?.id;
  if (e.response?.status !== 200 || typeof id !== 'number') return undefined;
  await settled(kit, nodeId);
  return id;
}

/**
 * Random walks of the instance lifecycle, failing only on the clause of the requirement the run is
 * attached to (a miss of another clause ends that walk: its own test judges it).
 */
export async function lifecycleModel(ctx: WrittenContext): Promise<void> {
  const { kit } = ctx;
  requireFull(kit);
  const judged = new Set([kit.requirement.id]);
  const { types, labelPrefix } = kit.session.config;
  const largerType = types.length > 1 ? types.at(-1) : undefined;
  const stackscriptId = await plainStackScript(ctx);
  const backupId = await backupToDeploy(ctx);
  const modes: Mode[] = [
    'image',
    'cloud-config',
    'booted false',
    'empty',
    'vlan',
    ...(stackscriptId ? ['stackscript' as const] : []),
    ...(backupId ? ['backup' as const] : []),
  ];
  const shared = {
    ctx,
    judged,
    // The run's first VLAN, which other tests hold too: each instance holds it once, and the region's VLAN count does not grow.
    vlanLabel: runVlan(labelPrefix, 1),
    ...(largerType ? { largerType } : {}),
    ...(stackscriptId ? { stackscriptId } : {}),
    ...(backupId ? { backupId } : {}),
  };
  // Walks start from each creation mode in turn (a create as a first step would waste most of a short walk),
  // or from those that lead to the run's clause when some do.
  const leading = modes.filter((mode) => create(mode).clauses.some((x) => judged.has(x)));
  const starts = leading.length ? leading : modes;
  let walks = 0;
  await tableRun<Model, Real>(
    kit,
    lifecycleAdapter,
    async () => ({ model: { lost: false }, real: { ...shared, start: starts[walks++ % starts.length] as Mode } }),
    // Several requirements run these walks: half of --runs each keeps the default run under 3 s longer.
    {
      runs: Math.max(2, Math.ceil(kit.session.config.runs / 2)),
      maxCommands: 10,
      steps: stepsFor(judged, modes, largerType !== undefined),
      // Each walk opens with the create of its start mode, judged and named like any step.
      opening: (_m, r) => create(r.start),
    },
  );
}

/** The lifecycle walk first, then the requirement's own one-step procedure. */
export const withLifecycleModel = (procedure: WrittenProcedure): WrittenProcedure =>
  wraps(
    async (ctx) => {
      await lifecycleModel(ctx);
      await procedure(ctx);
    },
    procedure,
    'after the lifecycle model run',
  );
