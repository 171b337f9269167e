// The service transfer state table as a model-based run: random sequences of viewing, accepting and canceling one transfer by its creator, another account and a third, judged against a model of the state it must be in.

import fc from 'fast-check';
import { acceptedWith2xx, rejectedWith4xx } from '../../../src/check/status.js';
import { ExpectationBroken, modelRun, type StateCommand } from '../../../src/stateful/model-run.js';
import type { WrittenContext } from '../../../src/suite/procedures/request.js';
import { acceptAs, cancelAs, otherOwner, pendingTransfer, viewAs } from './support.js';

/** The table's states a sequence can reach (expiry needs time to pass, a written test covers it). */
type State = 'pending' | 'accepted' | 'canceled';
type Party = 'creator' | 'acceptor' | 'bystander';

interface Model {
  state: State;
}

interface Real {
  ctx: WrittenContext;
  token: string;
  /** Tokens of the other parties' accounts; the creator is the run's account (undefined). */
  callers: Record<Party, string | undefined>;
}

const hold = (ok: boolean) => {
  if (!ok) throw new ExpectationBroken();
};

/** Who may view a transfer in each state (the access rules of the document). */
const mayView: Record<State, readonly Party[]> = {
  pending: ['creator', 'acceptor', 'bystander'],
  accepted: ['creator', 'acceptor'],
  canceled: ['creator'],
};

const view = (party: Party): StateCommand<Model, Real> => ({
  check: () => true,
  async run(m, r) {
    const e = await viewAs(r.ctx.kit, r.token, r.callers[party]);
    const allowed = mayView[m.state].includes(party);
    hold(
      r.ctx.kit.check(
        allowed ? acceptedWith2xx(e) : rejectedWith4xx(e),
        `the ${m.state} transfer viewed by the ${party}`,
      ),
    );
  },
  toString: () => `view as ${party}`,
});

const accept = (party: Party): StateCommand<Model, Real> => ({
  check: () => true,
  async run(m, r) {
    const e = await acceptAs(r.ctx.kit, r.token, r.callers[party]);
    // Only a pending transfer can be accepted, once, and never by its creator: the first other account takes it.
    const allowed = m.state === 'pending' && party !== 'creator';
    hold(
      r.ctx.kit.check(
        allowed ? acceptedWith2xx(e) : rejectedWith4xx(e),
        `the ${m.state} transfer accepted by the ${party}`,
      ),
    );
    if (allowed) {
      m.state = 'accepted';
      if (party === 'bystander') [r.callers.acceptor, r.callers.bystander] = [r.callers.bystander, r.callers.acceptor];
    }
  },
  toString: () => `accept as ${party}`,
});

const cancel = (party: Party): StateCommand<Model, Real> => ({
  check: () => true,
  async run(m, r) {
    const e = await cancelAs(r.ctx.kit, r.token, r.callers[party]);
    const allowed = m.state === 'pending' && party === 'creator';
    hold(
      r.ctx.kit.check(
        allowed ? acceptedWith2xx(e) : rejectedWith4xx(e),
        `the ${m.state} transfer canceled by the ${party}`,
      ),
    );
    if (allowed) m.state = 'canceled';
  },
  toString: () => `cancel as ${party}`,
});

const commands = [
  view('creator'),
  view('acceptor'),
  view('bystander'),
  accept('creator'),
  accept('acceptor'),
  accept('bystander'),
  cancel('creator'),
  cancel('acceptor'),
].map((c) => fc.constant(c));

/** Random walks of the transfer table from a new pending transfer of no instances. */
export async function statesModel(ctx: WrittenContext): Promise<void> {
  const { kit } = ctx;
  const acceptor = await otherOwner(kit, 'acceptor');
  const bystander = await otherOwner(kit, 'bystander');
  await modelRun<Model, Real>(
    kit,
    commands,
    async () => {
      const { token } = await pendingTransfer(ctx);
      return {
        model: { state: 'pending' },
        real: { ctx, token, callers: { creator: undefined, acceptor, bystander } },
      };
    },
    { runs: Math.max(4, kit.session.config.runs), maxCommands: 8 },
  );
}
