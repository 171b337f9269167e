// The StackScript visibility state table as a model-based run: random sequences of publish, unpublish attempts, relabels and anonymous reads, judged against a one-flag model.

import fc from 'fast-check';
import { rejectedWith4xx } from '../../../src/check/status.js';
import { fieldEquals } from '../../../src/check/stored.js';
import { listed, notListed } from '../../../src/check/visibility.js';
import { ExpectationBroken, modelRun, type StateCommand } from '../../../src/stateful/model-run.js';
import type { Kit } from '../../../src/suite/kit.js';
import type { WrittenContext } from '../../../src/suite/procedures/request.js';
import type { Credential } from '../../../src/target/session.js';
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

class Publish implements StateCommand<Model, Real> {
  check = () => true;
  async run(m: Model, r: Real) {
    const e = await updateScript(r.kit, r.id, { is_public: true }, r.owner.token);
    m.isPublic = m.isPublic || (e.response?.status ?? 500) < 300;
    const why = 'Updating with is_public true makes a StackScript public.';
    hold(r.kit.check(fieldEquals(e, 'is_public', true, why), 'publish'));
  }
  toString = () => 'publish';
}

class Unpublish implements StateCommand<Model, Real> {
  check = (m: Readonly<Model>) => m.isPublic;
  async run(_m: Model, r: Real) {
    const e = await updateScript(r.kit, r.id, { is_public: false }, r.owner.token);
    hold(r.kit.check(rejectedWith4xx(e), 'unpublish a public StackScript'));
  }
  toString = () => 'unpublish';
}

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

const commands = [new Publish(), new Unpublish(), new Relabel(), new ReadAnonymously()].map((c) => fc.constant(c));

/** Random walks of the visibility table on StackScripts of a throwaway account (public ones can never be deleted). */
export async function visibilityModel({ kit }: WrittenContext): Promise<void> {
  const owner = await publisher(kit);
  const made: number[] = [];
  try {
    await modelRun<Model, Real>(
      kit,
      commands,
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
