// Which walk runs each state table of the encoding: a table's adapter for the generic runner, the walk of another table whose steps take its rows, or the reason none runs it yet.

import { visibilityAdapter } from './part1/stackscripts/visibility-model.js';
import { vpcDeleteAdapter } from './part1/vpcs/delete-model.js';
import { transferAdapter } from './part2/transfers/states-model.js';
import { lifecycleAdapter } from './part3/instances/lifecycle-model.js';
import type { TableAdapter } from './support/author.js';

export type TableWalk =
  /** Run by the generic runner through this adapter (its steps and exclusions cover the rows). */
  | { adapter: TableAdapter<object, unknown> }
  /** Rows taken as side effects of another table's walk: each row with the name of the step that takes it. */
  | { sideEffectsOf: TableAdapter<object, unknown>; rows: Readonly<Record<string, string>> }
  /** No walk runs the table: why. */
  | { notRun: string };

/** Every state table of the encoding, by id. */
export const tableWalks: Readonly<Record<string, TableWalk>> = {
  'vpc-delete': { adapter: vpcDeleteAdapter },
  'stackscript-visibility': { adapter: visibilityAdapter },
  'service-transfer': { adapter: transferAdapter },
  'managed-service-monitoring': {
    notRun:
      'the monitoring state shows in no answer (the service record fields are not shown), so a walk could fire disable and enable but never judge a row; both requirements are excluded in spec/exclusions.ts',
  },
  'instance-power': { adapter: lifecycleAdapter },
  // An interface's activity follows the power of its instance: the lifecycle walk's steps take these rows.
  'interface-activity': {
    sideEffectsOf: lifecycleAdapter,
    rows: {
      'boot-with-profile': 'boot with config_id',
      'shutdown-or-other-profile': 'shutdown',
      'delete-active': 'delete vlan interface',
    },
  },
};
