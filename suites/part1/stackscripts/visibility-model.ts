// The StackScript visibility state table run by its adapter: random sequences of publish, unpublish attempts, relabels and anonymous reads, judged against a one-flag model.

import {
  type Credential,
  ExpectationBroken,
  fieldEquals,
  type Kit,
  listed,
  notListed,
  type StateCommand,
  type TableAdapter,
  tableRun,
  type WrittenContext,
} from '../../support/author.js';
import { createScript, ops, publisher, removeScript, updateScript, viewScript } from './common.js';
import { listAll } from './list-all.js';

interface Model {
  isPublic: boolean;
}

interface Real {
  kit: Kit;
  owner: Credential;
  id: number;
}

const hold = (ok: boolean) => {
  if (!ok) throw new ExpectationBroken();
};

const stateOf = (isPublic: unknown) =>
  isPublic === true ? 'is_public true' : isPublic === false ? 'is_public false' : undefined;

class Relabel implements StateCommand<Model, Real> {
  check = () => true;
  async run(m: Model, r: Real) {
    const e = await updateScript(r.kit, r.id, { description: `relabelled ${Date.now()}` }, r.owner.token);
    const why = 'An update that does not name is_public leaves the visibility as it was.';
    hold(r.kit.check(fieldEquals(e, 'is_public', m.isPublic, why), 'update without is_public'));
  }
  toString = () => 'update description';
}

class ReadAnonymously implements StateCommand<Model, Real> {
  check = () => true;
  async run(m: Model, r: Real) {
    const all = await listAll(r.kit, ops.list, null, 'list without a token');
    if (!all) return;
    // "Other users may use it": a public StackScript is listed to anyone, a private one to nobody else.
    const seen = m.isPublic
      ? listed(all.items, r.id, 'a public StackScript', all.exchange)
      : notListed(all.items, r.id, 'a private StackScript', all.exchange);
    hold(r.kit.check(seen, 'anonymous list'));
    const why = 'The owner sees the visibility the model holds.';
    hold(
      r.kit.check(
        fieldEquals(await viewScript(r.kit, r.id, r.owner.token), 'is_public', m.isPublic, why),
        'owner view',
      ),
    );
  }
  toString = () => 'read anonymously';
}

export const visibilityAdapter: TableAdapter<Model, Real> = {
  table: 'stackscript-visibility',
  stateOf: (m) => stateOf(m.isPublic) as string,
  enter: (m, state) => {
    m.isPublic = state === 'is_public true';
  },
  // An accepted update answers with the record; a refused one shows no state (the next read judges it).
  read: async (_m, _r, answer) =>
    (answer.response?.status ?? 500) < 300
      ? { state: stateOf((answer.response?.json as { is_public?: unknown } | undefined)?.is_public), exchange: answer }
      : undefined,
  refused: ['make-private-rejected'],
  steps: [
    {
      name: 'publish',
      rows: ['make-public'],
      // Publishing a public StackScript again is accepted and keeps it public.
      applies: () => true,
      unlisted: 'kept',
      fire: (_m, r) => updateScript(r.kit, r.id, { is_public: true }, r.owner.token),
    },
    {
      name: 'unpublish',
      rows: ['make-private-rejected'],
      fire: (_m, r) => updateScript(r.kit, r.id, { is_public: false }, r.owner.token),
    },
    new Relabel(),
    new ReadAnonymously(),
  ],
  excluded: {},
};

/** Random walks of the visibility table on StackScripts of a throwaway account (public ones can never be deleted). */
export async function visibilityModel({ kit }: WrittenContext): Promise<void> {
  const owner = await publisher(kit);
  const made: number[] = [];
  try {
    await tableRun<Model, Real>(
      kit,
      visibilityAdapter,
      async () => {
        const { id } = await createScript(kit, { who: owner });
        made.push(id);
        return { model: { isPublic: false }, real: { kit, owner, id } };
      },
      { runs: Math.max(3, kit.session.config.runs), maxCommands: 10 },
    );
  } finally {
    // Private ones go; public ones stay, as the table demands, in the throwaway account.
    for (const id of made) await removeScript(kit, id, owner);
  }
}
