// The cost of a run against a target that already holds other data: `cloudconf serve` seeded through the control interface, then `cloudconf run --base-url`.

import { startServe } from '../cli/child.js';
import { type RunCost, runCost } from './run-cost.js';

const TOKEN = `bench-seeded-${Math.random().toString(36).slice(2)}`;

/** A run against a server holding `count` unrelated entities of each noise kind. */
export async function seededRunCost(label: string, count: number, extra: string[], repeats: number): Promise<RunCost> {
  const server = await startServe(TOKEN);
  try {
    const origin = new URL(server.baseUrl).origin;
    const seeded = await fetch(`${origin}/__cloudconf/noise`, { method: 'POST', body: JSON.stringify({ count }) });
    if (!seeded.ok) throw new Error(`seeding ${count} entities answered ${seeded.status}`);
    return runCost(label, ['--base-url', server.baseUrl, ...extra], repeats, { CLOUDCONF_TOKEN: TOKEN });
  } finally {
    await server.stop();
  }
}
