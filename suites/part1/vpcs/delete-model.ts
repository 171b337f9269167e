// The VPC delete state table as a model-based run: random sequences of adding subnets, attaching and detaching instance interfaces, reading and deleting the VPC, judged against a model of which subnets are in use.

import fc from 'fast-check';
import { failed, pass } from '../../../src/check/result.js';
import { conventionalStatus, rejectedWith4xx } from '../../../src/check/status.js';
import { ExpectationBroken, modelRun, type StateCommand } from '../../../src/stateful/model-run.js';
import type { Kit } from '../../../src/suite/kit.js';
import type { WrittenContext } from '../../../src/suite/procedures/request.js';
import { opOf } from '../../conventions/sample.js';
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

const hold = (ok: boolean) => {
  if (!ok) throw new ExpectationBroken();
};

const kitOf = (r: Real): Kit => r.ctx.kit;

const addSubnet: StateCommand<Model, Real> = {
  check: (m) => !m.deleted && m.subnets.size < 4,
  async run(m, r) {
    m.ranges += 1;
    const body = { label: `s${m.ranges}`, ipv4: `10.${100 + m.ranges}.0.0/24` };
    const e = await kitOf(r).send(opOf('vpcs/subnets/create'), { params: { vpcId: r.vpcId }, body });
    const id = (e.response?.json as { id?: unknown } | undefined)?.id;
    hold(kitOf(r).check(typeof id === 'number' ? pass : conventionalStatus(e, 200), 'add a subnet'));
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
    hold(kitOf(r).check(conventionalStatus(e, 200), 'detach: delete the profile with the interface'));
    r.attachments.delete(subnetId);
    m.subnets.set(subnetId, false);
  },
  toString: () => 'detach the interface',
};

const deleteVpc: StateCommand<Model, Real> = {
  check: (m) => !m.deleted,
  async run(m, r) {
    const kit = kitOf(r);
    const inUse = [...m.subnets.values()].includes(true);
    const e = await kit.send(opOf('vpcs/delete'), { params: { vpcId: r.vpcId } });
    const view = await kit.send(opOf('vpcs/view'), { params: { vpcId: r.vpcId } });
    if (!inUse) {
      hold(kit.check(conventionalStatus(view, 404), 'the VPC after a delete with every subnet deletable'));
      m.deleted = true;
      return;
    }
    hold(kit.check(rejectedWith4xx(e), 'delete while a subnet is in use'));
    const ids = ((view.response?.json as { subnets?: { id?: unknown }[] } | undefined)?.subnets ?? []).map((s) => s.id);
    const lost = [...m.subnets.keys()].filter((id) => !ids.includes(id));
    hold(
      kit.check(
        lost.length === 0 && view.response?.status === 200
          ? pass
          : failed(
              'vpc-remains',
              'the VPC and all its subnets',
              `status ${view.response?.status}, missing subnets ${lost.join(', ') || 'none'}`,
              'Deleting a VPC while any subnet is not deletable deletes nothing.',
              view,
            ),
        'the VPC after a refused delete',
      ),
    );
  },
  toString: () => 'delete the VPC',
};

const commands = [addSubnet, attach, detach, deleteVpc].map((c) => fc.constant(c));

/** Random walks of the VPC delete table; every VPC starts with one subnet and nothing attached. */
export async function deleteModel(ctx: WrittenContext): Promise<void> {
  const { kit } = ctx;
  await modelRun<Model, Real>(
    kit,
    commands,
    async () => {
      const { vpcId, subnetId } = await vpcWithSubnet(ctx, `10.${kit.session.nextSeed() % 90}.0.0/24`);
      const real: Real = { ctx, vpcId, attachments: new Map() };
      return { model: { subnets: new Map([[subnetId, false]]), deleted: false, ranges: 0 }, real };
    },
    { runs: Math.max(4, kit.session.config.runs), maxCommands: 8 },
  );
}
