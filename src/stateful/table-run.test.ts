// Self-tests of the generic state-table runner: walks of the VPC delete table against an in-memory subject pass when it keeps the table, and fail on a refusal it skips or a state it does not reach.

import { describe, expect, test } from 'vitest';
import { requirementById } from '../../spec/index.js';
import { Kit } from '../harness/kit.js';
import type { Exchange } from '../http/exchange.js';
import type { Session } from '../target/session.js';
import { ExpectationBroken, type StateCommand, WALKS_AT_ONCE } from './model-run.js';
import { coverageOf, requirementsOnRow, type Step, type TableAdapter, tableRun } from './table-run.js';

/** A VPC held in memory; `flaw` makes it break one row of the table. */
class Subject {
  exists = true;
  inUse = false;
  constructor(readonly flaw?: 'deletes-in-use' | 'keeps-deleted' | 'comes-back') {}

  /** A later read of the VPC; with `comes-back`, a deleted VPC shows again. */
  view(): Exchange {
    if (this.flaw === 'comes-back') this.exists = true;
    return this.answer(this.exists ? 200 : 404);
  }

  answer(status: number, json?: unknown): Exchange {
    const text = json === undefined ? '' : JSON.stringify(json);
    return {
      request: { method: 'GET', url: 'http://127.0.0.1/vpc', headers: {} },
      response: { status, headers: {}, text, ...(json === undefined ? {} : { json }), truncated: false },
      startedAt: new Date(0).toISOString(),
      durationMs: 0,
    };
  }

  delete(): Exchange {
    if (!this.exists) return this.answer(404);
    if (this.inUse && this.flaw !== 'deletes-in-use') return this.answer(400, { errors: [{ reason: 'in use' }] });
    if (this.flaw !== 'keeps-deleted') this.exists = false;
    return this.answer(200, {});
  }
}

interface Model {
  deleted: boolean;
  inUse: boolean;
}

const use: StateCommand<Model, Subject> = {
  check: (m) => !m.deleted && !m.inUse,
  run: async (m, s) => {
    s.inUse = true;
    m.inUse = true;
  },
  toString: () => 'use a subnet',
};

const adapter: TableAdapter<Model, Subject> = {
  table: 'vpc-delete',
  stateOf: (m) => (m.deleted ? 'deleted' : 'exists'),
  enter: (m, state) => {
    m.deleted = state === 'deleted';
  },
  read: async (_m, s) => ({ state: s.exists ? 'exists' : 'deleted', exchange: s.answer(s.exists ? 200 : 404) }),
  refused: ['not-deletable'],
  steps: [
    use,
    {
      name: 'delete',
      rows: ['deletable', 'not-deletable'],
      holds: (row, m) => (row.id === 'deletable') === !m.inUse,
      fire: async (_m, s) => s.delete(),
    },
  ],
  excluded: {},
};

async function walk(
  flaw?: Subject['flaw'],
  on: TableAdapter<Model, Subject> = adapter,
  opening?: Step<Model, Subject>,
  inUse = false,
): Promise<Kit> {
  const requirement = requirementById.get('vpcs/delete/all-or-nothing');
  if (!requirement) throw new Error('the encoding lost vpcs/delete/all-or-nothing');
  const kit = new Kit(requirement, {} as Session, 7);
  const subject = () => Object.assign(new Subject(flaw), { inUse });
  await tableRun(kit, on, async () => ({ model: { deleted: false, inUse }, real: subject() }), {
    runs: 20,
    maxCommands: 6,
    ...(opening ? { opening: () => opening } : {}),
  });
  return kit;
}

/** The delete step named by its operation: the table's rows of that trigger, told apart by the condition. */
const deleteByOperation: Step<Model, Subject> = {
  name: 'delete',
  operation: 'vpcs/delete',
  holds: (row, m) => (row.id === 'deletable') === !m.inUse,
  fire: async (_m, s) => s.delete(),
};

describe('the generic state-table runner', () => {
  test('a subject that keeps the table passes every walk', async () => {
    expect((await walk()).failures).toEqual([]);
  });

  test('a trigger accepted where the row says refused fails the walk, with the sequence', async () => {
    const [failure] = (await walk('deletes-in-use')).failures;
    expect(failure).toMatchObject({ check: 'rejected-4xx' });
    expect(failure?.case).toMatch(/after the sequence .*use a subnet.*delete/);
  });

  test('a state the row does not lead to fails the walk', async () => {
    const [failure] = (await walk('keeps-deleted')).failures;
    expect(failure).toMatchObject({ check: 'state-reached', expected: 'state deleted', actual: 'state exists' });
  });

  /** The most walks in progress at once, and how many started, in a run of 12 walks on `session`. */
  async function walksAtOnce(session: Session) {
    const requirement = requirementById.get('vpcs/delete/all-or-nothing');
    if (!requirement) throw new Error('the encoding lost vpcs/delete/all-or-nothing');
    let started = 0;
    let inProgress = 0;
    let most = 0;
    const kit = new Kit(requirement, session, 7);
    await tableRun(
      kit,
      adapter,
      async () => {
        started += 1;
        inProgress += 1;
        most = Math.max(most, inProgress);
        await new Promise((resolve) => setTimeout(resolve, 5));
        inProgress -= 1;
        return { model: { deleted: false, inUse: false }, real: new Subject() };
      },
      { runs: 12, maxCommands: 4 },
    );
    expect(kit.failures).toEqual([]);
    return { started, most };
  }

  test('walks run a few at once, each from a subject of its own', async () => {
    expect(await walksAtOnce({} as Session)).toEqual({ started: 12, most: WALKS_AT_ONCE });
  });

  test('at --concurrency 1 walks run one after another', async () => {
    expect(await walksAtOnce({ config: { concurrency: 1 } } as Session)).toEqual({ started: 12, most: 1 });
  });

  test('every walk that breaks names its own sequence on its own failure', async () => {
    const failures = (await walk('deletes-in-use')).failures;
    expect(failures.length).toBeGreaterThan(0);
    for (const f of failures) expect(f.case).toMatch(/after the sequence .*use a subnet.*delete/);
  });

  test('the coverage of an adapter is the rows of its trigger steps, and its exclusions', () => {
    expect(coverageOf(adapter)).toEqual({ taken: ['deletable', 'not-deletable'], excluded: [] });
  });

  test('a step named by its operation takes the rows of that trigger the adapter does not exclude', async () => {
    const byOperation = { ...adapter, steps: [use, deleteByOperation] };
    expect(coverageOf(byOperation)).toEqual({ taken: ['deletable', 'not-deletable'], excluded: [] });
    expect(coverageOf({ ...byOperation, excluded: { deletable: 'why' } }).taken).toEqual(['not-deletable']);
    expect((await walk(undefined, byOperation)).failures).toEqual([]);
    expect((await walk('deletes-in-use', byOperation)).failures[0]).toMatchObject({ check: 'rejected-4xx' });
    const none = { ...adapter, steps: [{ ...deleteByOperation, operation: 'vpcs/create' }] };
    expect(() => coverageOf(none)).toThrow(/no row of the state table vpc-delete is triggered by vpcs\/create/);
  });

  test('a missed state is judged under the one requirement the encoding states on the row taken', async () => {
    expect(requirementsOnRow('vpc-delete', 'deletable')).toEqual(['vpcs/delete/cascade']);
    const unders: (string | undefined)[] = [];
    const judging: TableAdapter<Model, Subject> = {
      ...adapter,
      judge(kit, result, context, _m, _s, under) {
        unders.push(under);
        return kit.check(result, context);
      },
    };
    await walk('keeps-deleted', judging);
    // Each state under its own row's requirement; the answer has no default (a step says which it falls under).
    expect(new Set(unders)).toEqual(new Set([undefined, 'vpcs/delete/cascade', 'vpcs/delete/all-or-nothing']));
  });

  test('once the model has lost its subject no step applies, so a flaw after that point goes unseen', async () => {
    const losing = { ...adapter, lost: (m: Readonly<Model>) => m.inUse };
    expect((await walk('deletes-in-use', losing)).failures).toEqual([]);
    expect((await walk('deletes-in-use', adapter)).failures.length).toBeGreaterThan(0);
  });

  test('a read-back judges that the state still holds, under the requirement it was last judged under', async () => {
    const read: Step<Model, Subject> = {
      name: 'read',
      readBack: async (_m, s) => {
        const exchange = s.view();
        return { state: exchange.response?.status === 200 ? 'exists' : 'deleted', exchange };
      },
    };
    const unders: (string | undefined)[] = [];
    const reading: TableAdapter<Model, Subject> = {
      ...adapter,
      steps: [...adapter.steps, read],
      judge(kit, result, context, _m, _s, under) {
        if (result.ok === false) unders.push(under);
        if (!kit.check(result, context)) throw new ExpectationBroken(kit.failures.at(-1));
        return true;
      },
    };
    expect((await walk(undefined, reading)).failures).toEqual([]);
    const [failure] = (await walk('comes-back', reading)).failures;
    expect(failure).toMatchObject({ check: 'state-reached', expected: 'state deleted', actual: 'state exists' });
    expect(failure?.case).toMatch(/after the sequence .*delete,.*read$/);
    // Each walk that breaks (a few run at once) breaks on the read-back, under the row the delete took.
    expect(new Set(unders)).toEqual(new Set(['vpcs/delete/cascade']));
  });

  test('every walk takes its opening step first, and a broken walk names it first in its sequence', async () => {
    let opened = 0;
    const counted: StateCommand<Model, Subject> = { ...use, check: (m) => use.check(m) && ++opened > 0 };
    const failures = (await walk('deletes-in-use', adapter, counted)).failures;
    expect(opened).toBeGreaterThan(0);
    for (const f of failures) expect(f.case).toMatch(/after the sequence use a subnet,/);
  });

  test('an opening step that breaks ends the walk and names itself as the sequence', async () => {
    const [failure] = (await walk('deletes-in-use', adapter, deleteByOperation, true)).failures;
    expect(failure).toMatchObject({ check: 'rejected-4xx' });
    expect(failure?.case).toMatch(/after the sequence delete$/);
  });
});
