// A valid body for the target: generated from the encoding with the run's hints, then completed with values only the target knows (a promo code it issued, the disks of an instance).

import { operationById } from '../../spec/index.js';
import type { Operation } from '../../spec/types.js';
import { validBody } from '../generate/bodies.js';
import { sampleOne } from '../generate/violations.js';
import { hintsFor } from './fixtures.js';
import type { Kit } from './kit.js';

type Params = Record<string, string | number>;

/** Optional fields that the target's state can make required (a card's `cvv` when the default method is a card). */
const SENT_ALWAYS: Record<string, unknown> = { cvv: '123' };

/** Body fields whose valid values only the target knows, and how to get one; undefined when it cannot say. */
const TARGET_VALUES: Record<string, (kit: Kit, params: Params) => Promise<unknown>> = {
  promo_code: (kit) => kit.session.promoCode(),
  devices: async (kit, params) => {
    const disk = await firstId(kit, 'disks/list', params);
    return disk === undefined ? undefined : { sda: { disk_id: disk } };
  },
};

async function firstId(kit: Kit, listId: string, params: Params): Promise<number | undefined> {
  const op = operationById.get(listId);
  if (!op) return undefined;
  const e = await kit.send(op, { params });
  const data = (e.response?.json as { data?: { id?: unknown }[] } | undefined)?.data;
  const id = Array.isArray(data) ? data[0]?.id : undefined;
  return typeof id === 'number' ? id : undefined;
}

export type TargetBody = { body: Record<string, unknown> } | { missing: string };

export async function targetBody(kit: Kit, op: Operation, params: Params): Promise<TargetBody> {
  const body = sampleOne(validBody(op, hintsFor(kit.session, op)), kit.session.nextSeed());
  for (const field of op.body?.fields ?? []) {
    const get = TARGET_VALUES[field.name];
    if (get) {
      const value = await get(kit, params);
      if (value === undefined) return { missing: field.name };
      body[field.name] = value;
    }
    if (field.name in SENT_ALWAYS) body[field.name] ??= SENT_ALWAYS[field.name];
  }
  return { body };
}
