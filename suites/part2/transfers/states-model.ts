// The service transfer state table run by its adapter: random sequences of viewing, accepting and canceling one transfer by its creator, another account and a third, judged against a model of the state it must be in.

import {
  acceptedWith2xx,
  ExpectationBroken,
  rejectedWith4xx,
  type StateCommand,
  type TableAdapter,
  type TriggerStep,
  tableRun,
  type WrittenContext,
} from '../../support/author.js';
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

/** Who may view a transfer in each state (the access rules of the document). */
const mayView: Record<State, readonly Party[]> = {
  pending: ['creator', 'acceptor', 'bystander'],
  accepted: ['creator', 'acceptor'],
  canceled: ['creator'],
};

/** The record shows no state: a view by each party is how a walk sees it. */
const view = (party: Party): StateCommand<Model, Real> => ({
  check: () => true,
  async run(m, r) {
    const e = await viewAs(r.ctx.kit, r.token, r.callers[party]);
    const allowed = mayView[m.state].includes(party);
    const seen = allowed ? acceptedWith2xx(e) : rejectedWith4xx(e);
    if (!r.ctx.kit.check(seen, `the ${m.state} transfer viewed by the ${party}`))
      throw new ExpectationBroken(r.ctx.kit.failures.at(-1));
  },
  toString: () => `view as ${party}`,
});

/** Only a pending transfer can be accepted, once, and never by its creator: the first other account takes it. */
const accept = (party: Party): TriggerStep<Model, Real> => ({
  name: `accept as ${party}`,
  rows: ['accept'],
  applies: () => true,
  holds: () => party !== 'creator',
  fire: (_m, r) => acceptAs(r.ctx.kit, r.token, r.callers[party]),
  async after({ row }, _m, r) {
    if (row && party === 'bystander')
      [r.callers.acceptor, r.callers.bystander] = [r.callers.bystander, r.callers.acceptor];
  },
});

const cancel = (party: Party): TriggerStep<Model, Real> => ({
  name: `cancel as ${party}`,
  rows: ['cancel'],
  applies: () => true,
  holds: () => party === 'creator',
  fire: (_m, r) => cancelAs(r.ctx.kit, r.token, r.callers[party]),
});

export const transferAdapter: TableAdapter<Model, Real> = {
  table: 'service-transfer',
  stateOf: (m) => m.state,
  enter: (m, state) => {
    m.state = state as State;
  },
  start: 'create',
  steps: [
    view('creator'),
    view('acceptor'),
    view('bystander'),
    accept('creator'),
    accept('acceptor'),
    accept('bystander'),
    cancel('creator'),
    cancel('acceptor'),
  ],
  excluded: {
    expire: 'the expiry period is not shown, so no walk can wait for it; transfers/expires judges an expired transfer',
  },
};

/** Random walks of the transfer table from a new pending transfer of no instances. */
export async function statesModel(ctx: WrittenContext): Promise<void> {
  const { kit } = ctx;
  const acceptor = await otherOwner(kit, 'acceptor');
  const bystander = await otherOwner(kit, 'bystander');
  await tableRun<Model, Real>(
    kit,
    transferAdapter,
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
