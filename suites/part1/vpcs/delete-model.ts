// The VPC delete state table run by its adapter: random sequences of adding subnets, attaching and detaching instance interfaces and deleting the VPC, judged against a model of which subnets are in use.

import { opOf } from '../../conventions/sample.js';
import {
  conventionalStatus,
  type Exchange,
  ExpectationBroken,
  failed,
  type Kit,
  pass,
  type StateCommand,
  type TableAdapter,
  tableRun,
  type WrittenContext,
} from '../../support/author.js';
import { type Attachment, instance, PART3, vpcInterface, vpcWithSubnet } from './attached.js';

interface Model {
  /** Subnet ids, and whether an interface uses each. */
  subnets: Map<number, boolean>;
  deleted: boolean;
  /** Ranges handed out, so each new subnet gets its own. */
  ranges: number;
}

interface Real {
  ctx: WrittenContext;
  vpcId: number;
  nodeId?: number;
  attachments: Map<number, Attachment>;
}

/** Ends the walk when a check failed, naming the failure it recorded. */
const hold = (kit: Kit, ok: boolean) => {
  if (!ok) throw new ExpectationBroken(kit.failures.at(-1));
};

const kitOf = (r: Real): Kit => r.ctx.kit;

const addSubnet: StateCommand<Model, Real> = {
  check: (m) => !m.deleted && m.subnets.size < 4,
  async run(m, r) {
    m.ranges += 1;
    const body = { label: `s${m.ranges}`, ipv4: `10.${100 + m.ranges}.0.0/24` };
    const e = await kitOf(r).send(opOf('vpcs/subnets/create'), { params: { vpcId: r.vpcId }, body });
    const id = (e.response?.json as { id?: unknown } | undefined)?.id;
    hold(kitOf(r), kitOf(r).check(typeof id === 'number' ? pass : conventionalStatus(e, 200), 'add a subnet'));
    m.subnets.set(id as number, false);
  },
  toString: () => 'add subnet',
};

const attach: StateCommand<Model, Real> = {
  check: (m) => !m.deleted && [...m.subnets.values()].includes(false),
  async run(m, r) {
    const subnetId = [...m.subnets].find(([, used]) => !used)?.[0] as number;
    r.nodeId ??= await instance(r.ctx, {}, PART3);
    r.attachments.set(subnetId, await vpcInterface(r.ctx, r.nodeId, { vpcId: r.vpcId, subnetId }));
    m.subnets.set(subnetId, true);
  },
  toString: () => 'attach an interface',
};

const detach: StateCommand<Model, Real> = {
  check: (m) => !m.deleted && [...m.subnets.values()].includes(true),
  async run(m, r) {
    const subnetId = [...m.subnets].find(([, used]) => used)?.[0] as number;
    const a = r.attachments.get(subnetId) as Attachment;
    // The profile goes with its interface: an instance keeps no interface on the subnet.
    const e = await kitOf(r).send(opOf('configs/delete'), { params: { nodeId: a.nodeId, configId: a.configId } });
    hold(kitOf(r), kitOf(r).check(conventionalStatus(e, 200), 'detach: delete the profile with the interface'));
    r.attachments.delete(subnetId);
    m.subnets.set(subnetId, false);
  },
  toString: () => 'detach the interface',
};

/** A refused delete keeps every subnet the model holds (the row's `also`). */
async function subnetsRemain(m: Model, r: Real, view: Exchange | undefined): Promise<void> {
  const ids = ((view?.response?.json as { subnets?: { id?: unknown }[] } | undefined)?.subnets ?? []).map((s) => s.id);
  const lost = [...m.subnets.keys()].filter((id) => !ids.includes(id));
  const result =
    lost.length === 0
      ? pass
      : failed(
          'vpc-remains',
          'the VPC and all its subnets',
          `missing subnets ${lost.join(', ')}`,
          'Deleting a VPC while any subnet is not deletable deletes nothing.',
          view,
        );
  hold(kitOf(r), kitOf(r).check(result, 'the VPC after a refused delete'));
}

const inUse = (m: Readonly<Model>) => [...m.subnets.values()].includes(true);

export const vpcDeleteAdapter: TableAdapter<Model, Real> = {
  table: 'vpc-delete',
  stateOf: (m) => (m.deleted ? 'deleted' : 'exists'),
  enter: (m, state) => {
    m.deleted = state === 'deleted';
  },
  // The VPC is read after each delete: found is `exists`, 404 is `deleted`.
  async read(_m, r) {
    const exchange = await kitOf(r).send(opOf('vpcs/view'), { params: { vpcId: r.vpcId } });
    const status = exchange.response?.status;
    return { state: status === 200 ? 'exists' : status === 404 ? 'deleted' : undefined, exchange };
  },
  refused: ['not-deletable'],
  steps: [
    addSubnet,
    attach,
    detach,
    {
      name: 'delete the VPC',
      rows: ['deletable', 'not-deletable'],
      holds: (row, m) => (row.id === 'deletable' ? !inUse(m) : inUse(m)),
      fire: (_m, r) => kitOf(r).send(opOf('vpcs/delete'), { params: { vpcId: r.vpcId } }),
      async after({ row, read }, m, r) {
        if (row?.id === 'not-deletable') await subnetsRemain(m, r, read);
      },
    },
  ],
  excluded: {},
};

/** Random walks of the VPC delete table; every VPC starts with one subnet and nothing attached. */
export async function deleteModel(ctx: WrittenContext): Promise<void> {
  const { kit } = ctx;
  await tableRun<Model, Real>(
    kit,
    vpcDeleteAdapter,
    async () => {
      const { vpcId, subnetId } = await vpcWithSubnet(ctx, `10.${kit.session.nextSeed() % 90}.0.0/24`);
      const real: Real = { ctx, vpcId, attachments: new Map() };
      return { model: { subnets: new Map([[subnetId, false]]), deleted: false, ranges: 0 }, real };
    },
    { runs: Math.max(4, kit.session.config.runs), maxCommands: 8 },
  );
}
