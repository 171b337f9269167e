// Instances for the Part 1 clauses that need them (deployment counters, managed per-instance settings): billed, so made only where the mode sends them.

import type { Exchange, Fixtures, Kit } from '../../support/author.js';
import { operation } from './list-all.js';

export const instanceOps = {
  create: operation('instances/create'),
  remove: operation('instances/delete'),
};

/** A long random root password: strong under any estimator. */
const rootPass = (kit: Kit) => `Cc-${kit.session.nextSeed().toString(36)}-q7#Lp2!zR9x-Wm4$`;

export interface MadeInstance {
  id: number;
  exchange: Exchange;
}

/**
 * Creates a running instance from the run's first image (with `extra`, e.g. a StackScript), deleted at
 * the end; skips outside full mode, or when the target refuses it, since the clause needs it.
 */
export async function createInstance(kit: Kit, fixtures: Fixtures, extra: Record<string, unknown> = {}) {
  kit.session.requireSendable(instanceOps.create);
  const region = kit.session.config.regions[0];
  const image = kit.session.config.images[0];
  // The documents name no instance type and no operation lists them: the run configures them (--type).
  const type = kit.session.config.types?.[0];
  if (!region || !image || !type) {
    return kit.skip(
      'needs a region, an image and an instance type of the target (run configuration) to create an instance',
    );
  }
  const label = `${kit.session.config.labelPrefix}-${kit.session.nextSeed().toString(36)}`.slice(0, 64);
  const body = { region, type, image, root_pass: rootPass(kit), label, ...extra };
  const e = await kit.send(instanceOps.create, { body });
  const id = (e.response?.json as { id?: unknown } | undefined)?.id;
  if (e.response?.status !== 200 || typeof id !== 'number') {
    return kit.skip(
      `Instance Create refused ${type} in ${region} (${e.response?.status ?? 'no answer'}): no instance to test on`,
    );
  }
  fixtures.track(instanceOps.remove, { nodeId: id });
  return { id, exchange: e } satisfies MadeInstance;
}

export const deleteInstance = (kit: Kit, id: number) => kit.send(instanceOps.remove, { params: { nodeId: id } });
