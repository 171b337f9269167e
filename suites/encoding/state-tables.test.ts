// Self-test of the state tables' walks: every table of the encoding is run by a walk or listed with the reason, and every row of a walked table is taken by a step or excluded with its reason.

import { describe, expect, test } from 'vitest';
import { stateTables } from '../../spec/index.js';
import type { StateTable } from '../../spec/types.js';
import { coverageOf, isTrigger, type TableAdapter } from '../../src/stateful/table-run.js';
import { type TableWalk, tableWalks } from '../state-tables.js';

const stepNames = (adapter: TableAdapter<object, unknown>) =>
  adapter.steps.map((s) => (isTrigger(s) ? s.name : s.toString()));

/** What is wrong with a table's walk: rows neither taken nor excluded, names of rows or steps that do not exist. */
function gapsOf(table: StateTable, walk: TableWalk): string[] {
  const rows = table.transitions.map((t) => t.id);
  if ('notRun' in walk) return walk.notRun.trim() ? [] : [`${table.id}: not run, and no reason given`];
  if ('sideEffectsOf' in walk) {
    const steps = stepNames(walk.sideEffectsOf);
    return [
      ...rows.filter((r) => !walk.rows[r]).map((r) => `${table.id}#${r}: taken by no step of the walk`),
      ...Object.entries(walk.rows)
        .filter(([r, step]) => !rows.includes(r) || !steps.includes(step))
        .map(([r, step]) => `${table.id}#${r}: no such row, or no step "${step}" in the walk`),
    ];
  }
  const { adapter } = walk;
  const { taken, excluded } = coverageOf(adapter);
  return [
    ...(adapter.table === table.id ? [] : [`${table.id}: its adapter runs ${adapter.table}`]),
    ...rows
      .filter((r) => !taken.includes(r) && !excluded.includes(r))
      .map((r) => `${table.id}#${r}: neither taken nor excluded`),
    ...[...taken, ...excluded].filter((r) => !rows.includes(r)).map((r) => `${table.id}#${r}: no such row`),
    ...taken.filter((r) => excluded.includes(r)).map((r) => `${table.id}#${r}: both taken and excluded`),
    ...Object.entries(adapter.excluded)
      .filter(([, why]) => !why.trim())
      .map(([r]) => `${table.id}#${r}: excluded without a reason`),
  ];
}

describe('state tables run themselves', () => {
  test('every table of the encoding has a walk or a reason, and the list names no other table', () => {
    expect(Object.keys(tableWalks).sort()).toEqual(stateTables.map((t) => t.id).sort());
  });

  test.each(stateTables.map((t) => [t.id, t] as const))(
    '%s: every row is taken by its walk or excluded with the reason',
    (_, table) => {
      expect(gapsOf(table, tableWalks[table.id] as TableWalk)).toEqual([]);
    },
  );

  test('the check sees a row nobody takes and an exclusion without a reason (it would catch a gap)', () => {
    const table = stateTables.find((t) => t.id === 'vpc-delete') as StateTable;
    const walk = tableWalks['vpc-delete'] as { adapter: TableAdapter<object, unknown> };
    const fewer = {
      ...walk.adapter,
      steps: walk.adapter.steps.filter((s) => !isTrigger(s)),
      excluded: { deletable: ' ' },
    };
    expect(gapsOf(table, { adapter: fewer })).toEqual([
      'vpc-delete#not-deletable: neither taken nor excluded',
      'vpc-delete#deletable: excluded without a reason',
    ]);
  });
});
