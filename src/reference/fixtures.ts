// Loads a fixtures file into the reference server (`serve --fixtures FILE`): each entry is a documented POST sent through the same pipeline as a client's, so the spec's rules validate it and a refusal names the entry.

import { operationById } from '../../spec/index.js';
import type { World } from './model/world.js';
import { handle } from './pipeline.js';
import { handlers } from './routes/index.js';

/** One entity to create: the operation (`vpcs/create`), its path parameters and its body. */
export interface FixtureEntry {
  operation: string;
  params?: Record<string, string | number>;
  body?: unknown;
}

/** `@<n>.<path>`: a field of the answer to entry n (`@0.id`, `@0.subnets.0.id`). */
const REFERENCE = /^@(\d+)\.([\w.]+)$/;

const at = (value: unknown, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>(
      (v, key) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined),
      value,
    );

export class FixtureError extends Error {}

function resolve(value: unknown, created: unknown[], where: string): unknown {
  if (typeof value === 'string') {
    const m = REFERENCE.exec(value);
    if (!m) return value;
    const found = at(created[Number(m[1])], String(m[2]));
    if (found === undefined) throw new FixtureError(`${where}: ${value} names no field of an earlier entry`);
    return found;
  }
  if (Array.isArray(value)) return value.map((v) => resolve(v, created, where));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v, created, where)]));
  return value;
}

function entriesOf(data: unknown): FixtureEntry[] {
  const list = Array.isArray(data) ? data : (data as { entities?: unknown } | null)?.entities;
  if (!Array.isArray(list)) throw new FixtureError('fixtures: expected {"entities": [...]} or an array of entries');
  list.forEach((e, i) => {
    const op = (e as FixtureEntry | null)?.operation;
    const known = typeof op === 'string' ? operationById.get(op) : undefined;
    if (known?.method !== 'POST')
      throw new FixtureError(
        `fixtures entry ${i}: "operation" must name a documented POST operation, got ${JSON.stringify(op)}`,
      );
  });
  return list as FixtureEntry[];
}

/** Creates every entry in order as the owner (`token`); the answers, in order. Throws a FixtureError naming the first refused entry. */
export function loadFixtures(world: World, token: string, data: unknown): unknown[] {
  const created: unknown[] = [];
  entriesOf(data).forEach((entry, i) => {
    const where = `fixtures entry ${i} (${entry.operation})`;
    const op = operationById.get(entry.operation);
    if (!op) return;
    const params = resolve(entry.params ?? {}, created, where) as Record<string, unknown>;
    const body = resolve(entry.body ?? {}, created, where);
    const r = handle(world, handlers, {
      op,
      params: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
      query: new URLSearchParams(),
      token,
      contentType: 'application/json',
      rawBody: JSON.stringify(body),
    });
    if (r.status >= 300) {
      const errors = (r.body as { errors?: { field?: string; reason?: string }[] }).errors ?? [];
      const why = errors.map((e) => (e.field ? `${e.field}: ${e.reason}` : e.reason)).join('; ');
      throw new FixtureError(`${where} refused with ${r.status}: ${why}`);
    }
    created.push(r.body);
  });
  return created;
}
