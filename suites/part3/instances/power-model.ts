// The power rows of the instance state table as a model-based run: random sequences of boot, shut down, reboot and reads on one instance, judged against a model that only knows whether it should be running.

import fc from 'fast-check';
import { instanceStatus } from '../../../src/check/instances.js';
import { acceptedWith2xx } from '../../../src/check/status.js';
import { ExpectationBroken, modelRun, type StateCommand } from '../../../src/stateful/model-run.js';
import type { Kit } from '../../../src/suite/kit.js';
import type { WrittenContext } from '../../../src/suite/procedures/request.js';
import { ops, settled, withProfiles } from './common.js';

interface Model {
  running: boolean;
}

interface Real {
  kit: Kit;
  nodeId: number;
}

const hold = (ok: boolean) => {
  if (!ok) throw new ExpectationBroken();
};

/** The settled status must be the one the model holds. */
async function statusIs(r: Real, m: Model, why: string, context: string): Promise<void> {
  const { e, status } = await settled(r.kit, r.nodeId);
  hold(r.kit.check(instanceStatus(status, [m.running ? 'running' : 'offline'], why, e), context));
}

/** A power action the table allows from one state, and the state it leads to. */
function action(
  name: string,
  op: keyof typeof ops,
  from: boolean,
  to: boolean,
  why: string,
): StateCommand<Model, Real> {
  return {
    check: (m) => m.running === from,
    async run(m, r) {
      const e = await r.kit.send(ops[op], { params: { nodeId: r.nodeId }, body: {} });
      hold(r.kit.check(acceptedWith2xx(e), name));
      m.running = to;
      await statusIs(r, m, why, `status after ${name}`);
    },
    toString: () => name,
  };
}

const read: StateCommand<Model, Real> = {
  check: () => true,
  run: (m, r) => statusIs(r, m, 'An instance stays as its last action left it.', 'status on a later read'),
  toString: () => 'read',
};

const commands = [
  action('boot', 'boot', false, true, 'Booting an offline instance brings it to running.'),
  action('shutdown', 'shutdown', true, false, 'Shutting down a running instance brings it to offline.'),
  action('reboot', 'reboot', true, true, 'Rebooting a running instance leaves it running.'),
  read,
].map((c) => fc.constant(c));

/** Random walks over boot, shut down and reboot on an instance with one profile, from offline. */
export async function powerModel(ctx: WrittenContext): Promise<void> {
  const { kit } = ctx;
  await modelRun<Model, Real>(
    kit,
    commands,
    async () => {
      const { nodeId } = await withProfiles(ctx, 1);
      const { status } = await settled(kit, nodeId);
      if (status !== 'offline' && status !== 'running') kit.skip(`a new instance settled as ${status}`);
      return { model: { running: status === 'running' }, real: { kit, nodeId } };
    },
    { runs: Math.max(2, kit.session.config.runs), maxCommands: 8 },
  );
}
