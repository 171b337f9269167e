// Runs a state table of the encoding: fast-check commands built from the table's rows, each firing the row's trigger through a per-table adapter and judging the answer and the state the row leads to.

import fc from 'fast-check';
import { requirements, stateTables } from '../../spec/index.js';
import type { StateTable, Transition } from '../../spec/types.js';
import type { CheckResult } from '../check/result.js';
import { stateReached } from '../check/state.js';
import { acceptedWith2xx, rejectedWith4xx } from '../check/status.js';
import type { Kit } from '../harness/kit.js';
import type { Exchange } from '../http/exchange.js';
import { ExpectationBroken, modelRun, type StateCommand } from './model-run.js';

/** What a trigger step has seen once the runner judged it: the row taken (none: no row allows the trigger), the answer, the read. */
export interface Fired {
  row: Transition | undefined;
  answer: Exchange;
  read?: Exchange;
}

/** One trigger of the table, fired by a command; of its rows, the one whose `from` is the model's state and whose condition holds is taken. */
export interface TriggerStep<Model, Real> {
  name: string;
  /**
   * The trigger as the table names it (an operation id): the step takes every row of that trigger the adapter
   * does not exclude, told apart by their `from` and condition. Give `rows` instead to take only some of them.
   */
  operation?: string;
  /** Ids of the table's rows this trigger can take (rows of one trigger told apart by their condition). */
  rows?: readonly string[];
  /** Whether the command is drawn in this model (default: some row starts from the model's state). */
  applies?(model: Readonly<Model>): boolean;
  /** Whether the row's condition holds in this model (default: it does). */
  holds?(row: Transition, model: Readonly<Model>): boolean;
  /** When no row allows the trigger: it is refused (default), or accepted with the state kept (a request that repeats the state). */
  unlisted?: 'refused' | 'kept';
  /** The state the row leads to, where its condition names a variant of `to` (default: the row's `to`). */
  next?(row: Transition, model: Readonly<Model>): string;
  /**
   * The requirement a missed expectation of the answer or of the state is judged under, for an adapter's `judge`
   * (default for the state: the one requirement the encoding states on the row taken, if it states exactly one).
   */
  under?(phase: 'answer' | 'state', row: Transition | undefined, model: Readonly<Model>): string | undefined;
  /** Sends the trigger. */
  fire(model: Model, real: Real): Promise<Exchange>;
  /** After the answer and the state held: the model beyond its state, and the row's side effects (`also`) the adapter can see. */
  after?(fired: Fired, model: Model, real: Real): Promise<void>;
}

/**
 * A read of the subject with no trigger: the state the model holds must still hold (a row leads to a state that
 * lasts until the next trigger), judged under the requirement the state was last judged under by a trigger step.
 */
export interface ReadBackStep<Model, Real> {
  name: string;
  /** Whether the command is drawn in this model (default: always). */
  applies?(model: Readonly<Model>): boolean;
  /** The subject's state on the target now; undefined when nothing shows it. */
  readBack(model: Readonly<Model>, real: Real): Promise<{ state?: string; exchange: Exchange } | undefined>;
  /** After the state held: what else the model knows of the subject still holds, read and judged by the adapter. */
  alsoHolds?(model: Model, real: Real, read?: Exchange): Promise<void>;
}

/** A step of a walk: a trigger of the table, a read-back, or a hand-written command (a precondition, a judgement no row holds). */
export type Step<Model extends object, Real> =
  | TriggerStep<Model, Real>
  | ReadBackStep<Model, Real>
  | StateCommand<Model, Real>;

/** What a table's run needs to know of its subject, and which rows it leaves to other tests. */
export interface TableAdapter<Model extends object, Real> {
  /** The state table's id in the encoding. */
  table: string;
  /** The state the model holds, named as the table names it. */
  stateOf(model: Readonly<Model>): string;
  /** Puts the model in a state of the table. */
  enter(model: Model, state: string): void;
  /**
   * The subject's state on the target after a trigger: from its answer where that shows it, else by a request;
   * undefined when neither shows it (the adapter's own read steps judge it later). `next` is the state expected.
   */
  read?(
    model: Readonly<Model>,
    real: Real,
    answer: Exchange,
    next: string,
  ): Promise<{ state?: string; exchange: Exchange } | undefined>;
  /** Rows whose trigger is refused (the row keeps the state because the request is turned down). */
  refused?: readonly string[];
  /** The row the walk's setup takes to make the subject (from `(none)`). */
  start?: string;
  /** The commands of a walk, in the order fast-check draws from. */
  steps: readonly Step<Model, Real>[];
  /** Rows no walk takes, each with the reason. */
  excluded: Readonly<Record<string, string>>;
  /** Whether the model no longer knows its subject (a step the walk does not judge went otherwise): then no step applies. */
  lost?(model: Readonly<Model>): boolean;
  /**
   * How a missed expectation ends the step (default: recorded on the kit, and the walk ends); false: the step
   * stops here. `under` is the requirement the step names for it.
   */
  judge?(kit: Kit, result: CheckResult, context: string, model: Model, real: Real, under?: string): boolean;
}

export const isTrigger = <Model extends object, Real>(step: Step<Model, Real>): step is TriggerStep<Model, Real> =>
  'rows' in step || 'operation' in step;

const isReadBack = <Model extends object, Real>(step: Step<Model, Real>): step is ReadBackStep<Model, Real> =>
  'readBack' in step;

/** Per model of a walk: the requirement its state was last judged under by a trigger step (for a read-back). */
const heldUnder = new WeakMap<object, string | undefined>();

/** The table with this id; throws for an id the encoding does not have. */
export function tableOf(id: string): StateTable {
  const table = stateTables.find((t) => t.id === id);
  if (!table) throw new Error(`no state table ${id} in the encoding`);
  return table;
}

function rowOf(table: StateTable, id: string): Transition {
  const row = table.transitions.find((t) => t.id === id);
  if (!row) throw new Error(`no row ${id} in the state table ${table.id}`);
  return row;
}

/** A row's `from` as the tables write it: one state, `any`, or states joined by `or`. */
export const startsFrom = (row: Transition, state: string): boolean =>
  row.from === 'any' || row.from === state || row.from.split(' or ').includes(state);

/** The ids of the rows a trigger step takes: those it names, else every row of its trigger the adapter does not exclude. */
export function rowsOf<Model extends object, Real>(
  adapter: TableAdapter<Model, Real>,
  step: TriggerStep<Model, Real>,
): readonly string[] {
  if (step.rows) return step.rows;
  const rows = tableOf(adapter.table)
    .transitions.filter((t) => t.trigger === step.operation && !(t.id in adapter.excluded))
    .map((t) => t.id);
  if (rows.length === 0)
    throw new Error(`no row of the state table ${adapter.table} is triggered by ${step.operation}`);
  return rows;
}

/** The requirements the encoding states on one row of a table (their subject is that row). */
export const requirementsOnRow = (table: string, row: string): string[] =>
  requirements
    .filter((r) => r.subject.kind === 'state-table' && r.subject.table === table && r.subject.transition === row)
    .map((r) => r.id);

/** The rows an adapter's walk takes (by a trigger step or its setup), and those it excludes. */
export function coverageOf<Model extends object, Real>(
  adapter: TableAdapter<Model, Real>,
): { taken: string[]; excluded: string[] } {
  const taken = adapter.steps.flatMap((s) => (isTrigger(s) ? rowsOf(adapter, s) : []));
  return {
    taken: [...new Set([...(adapter.start ? [adapter.start] : []), ...taken])],
    excluded: Object.keys(adapter.excluded),
  };
}

const hintOf = (table: StateTable, row: Transition | undefined, state: string) =>
  row
    ? `${table.subject}: "${row.row.trigger}" in state ${state}${row.condition ? ` when ${row.condition}` : ''} leads to ${row.to}${row.also ? ` (${row.also})` : ''}.`
    : `${table.subject}: no row of the table allows this trigger in state ${state}, so the state stays.`;

/** The command of one step (a trigger step judged by its rows; a hand-written command as it is). */
export function commandOf<Model extends object, Real>(
  kit: Kit,
  adapter: TableAdapter<Model, Real>,
  step: Step<Model, Real>,
): StateCommand<Model, Real> {
  const known = (m: Readonly<Model>) => !adapter.lost?.(m);
  const table = tableOf(adapter.table);
  const holds = (context: string, result: CheckResult, m: Model, r: Real, under?: string) => {
    if (adapter.judge) return adapter.judge(kit, result, context, m, r, under);
    if (!kit.check(result, context)) throw new ExpectationBroken(kit.failures.at(-1));
    return true;
  };
  if (isReadBack(step))
    return {
      check: (m) => known(m) && (step.applies?.(m) ?? true),
      async run(m, r) {
        const state = adapter.stateOf(m);
        const read = await step.readBack(m, r);
        const hint = `${table.subject}: the state ${state} holds until a trigger changes it.`;
        const reached = read && stateReached(state, read.state, hint, read.exchange);
        if (reached && !holds(`${step.name}: the state ${state}`, reached, m, r, heldUnder.get(m))) return;
        await step.alsoHolds?.(m, r, read?.exchange);
      },
      toString: () => step.name,
    };
  if (!isTrigger(step))
    return adapter.lost ? { ...step, check: (m) => known(m) && step.check(m), toString: () => String(step) } : step;
  const rows = rowsOf(adapter, step).map((id) => rowOf(table, id));
  const under = (phase: 'answer' | 'state', row: Transition | undefined, m: Readonly<Model>) => {
    if (step.under) return step.under(phase, row, m);
    const stated = phase === 'state' && row ? requirementsOnRow(table.id, row.id) : [];
    return stated.length === 1 ? stated[0] : undefined;
  };
  return {
    check: (m) =>
      known(m) && (step.applies ? step.applies(m) : rows.some((row) => startsFrom(row, adapter.stateOf(m)))),
    async run(m, r) {
      const state = adapter.stateOf(m);
      const row = rows.find((x) => startsFrom(x, state) && (step.holds?.(x, m) ?? true));
      const answer = await step.fire(m, r);
      const refused = row ? !!adapter.refused?.includes(row.id) : step.unlisted !== 'kept';
      const said = refused ? rejectedWith4xx(answer) : acceptedWith2xx(answer);
      if (!holds(`${step.name}: the answer in state ${state}`, said, m, r, under('answer', row, m))) return;
      const next = row ? (step.next?.(row, m) ?? row.to) : state;
      // A trigger no row allows is judged by its refusal alone.
      const read = row || step.unlisted === 'kept' ? await adapter.read?.(m, r, answer, next) : undefined;
      const reached = read && stateReached(next, read.state, hintOf(table, row, state), read.exchange);
      if (reached && !holds(`${step.name}: the state after it`, reached, m, r, under('state', row, m))) return;
      if (row) heldUnder.set(m, under('state', row, m));
      adapter.enter(m, next);
      await step.after?.({ row, answer, ...(read ? { read: read.exchange } : {}) }, m, r);
    },
    toString: () => step.name,
  };
}

/** The fast-check commands of an adapter's steps, in their order (a trigger step becomes a command judged by its rows). */
export function commandsOf<Model extends object, Real>(
  kit: Kit,
  adapter: TableAdapter<Model, Real>,
  steps: readonly Step<Model, Real>[] = adapter.steps,
): fc.Arbitrary<StateCommand<Model, Real>>[] {
  return steps.map((s) => fc.constant(commandOf(kit, adapter, s)));
}

/**
 * Random walks of a state table through its adapter, driven and recorded by `modelRun`; `opening` names the
 * step each walk takes first (say, the trigger that makes its subject), judged and named like any other.
 */
export function tableRun<Model extends object, Real>(
  kit: Kit,
  adapter: TableAdapter<Model, Real>,
  setup: () => Promise<{ model: Model; real: Real }>,
  options: {
    runs: number;
    maxCommands: number;
    steps?: readonly Step<Model, Real>[];
    opening?(model: Readonly<Model>, real: Real): Step<Model, Real>;
  },
): Promise<void> {
  const { runs, maxCommands, opening } = options;
  return modelRun(kit, commandsOf(kit, adapter, options.steps), setup, {
    runs,
    maxCommands,
    ...(opening ? { opening: (m: Readonly<Model>, r: Real) => commandOf(kit, adapter, opening(m, r)) } : {}),
  });
}
