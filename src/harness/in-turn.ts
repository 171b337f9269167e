// Runs written procedures one after the other for one requirement: a table's model-based run, then the written clause it cannot show.

import type { WrittenProcedure } from './procedures/derived.js';

/** The procedures in order on the same context; a skip or failure in one ends the requirement there. */
export const inTurn =
  (...procedures: WrittenProcedure[]): WrittenProcedure =>
  async (ctx) => {
    for (const procedure of procedures) await procedure(ctx);
  };
