// Snapshot and restore of the reference server's whole state as JSON (`GET`/`PUT /__cloudconf/state`): accounts, users, tokens, every area's store, the world-wide states (issued promo codes, the address pool, OAuth client ids, transfer tokens), the clock, with shared objects and cycles kept.

import { EventLog } from './model/events.js';
import { relinkSubnetMembers } from './model/interfaces.js';
import { perWorldStates, restorePerWorldStates } from './model/per-world.js';
import { Account, type World } from './model/world.js';

const FORMAT = 'cloudconf-state/2';
/** Snapshots before the world-wide states were carried: restoring one leaves those states as they are. */
const FORMAT_WITHOUT_WORLD_STATES = 'cloudconf-state/1';

/** Classes of the state, rebuilt with their prototype on restore; any other class refuses the export. */
const classes: Record<string, { prototype: object }> = { Account, EventLog };

type Encoded =
  | null
  | boolean
  | number
  | string
  | Encoded[]
  | { $ref: number }
  | { $undefined: true }
  | { $id: number; $type: string; value: unknown };

interface Snapshot {
  format: typeof FORMAT | typeof FORMAT_WITHOUT_WORLD_STATES;
  /** The world's id sequence: ids created after a restore never meet restored ones. */
  nextId: number;
  clockOffsetMs: number;
  actionDelayMs: number;
  graph: Encoded;
}

function encoder(world: World) {
  const ids = new Map<object, number>();
  const encode = (v: unknown): Encoded => {
    if (v === undefined) return { $undefined: true };
    if (v === null || typeof v === 'boolean' || typeof v === 'string') return v;
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) throw new Error(`state holds a number JSON cannot carry: ${v}`);
      return v;
    }
    if (typeof v !== 'object') throw new Error(`state holds a ${typeof v}`);
    if (v === world) return { $id: 0, $type: 'World', value: null };
    const seen = ids.get(v);
    if (seen !== undefined) return { $ref: seen };
    const id = ids.size + 1;
    ids.set(v, id);
    const node = (type: string, value: unknown) => ({ $id: id, $type: type, value });
    if (Array.isArray(v)) return node('Array', v.map(encode));
    if (v instanceof Map)
      return node(
        'Map',
        [...v].map(([k, x]) => [encode(k), encode(x)]),
      );
    if (v instanceof Set) return node('Set', [...v].map(encode));
    if (v instanceof Date) return node('Date', v.getTime());
    if (v instanceof Uint8Array) return node('Bytes', Buffer.from(v).toString('base64'));
    const proto = Object.getPrototypeOf(v);
    const type = proto === Object.prototype || proto === null ? 'Object' : proto.constructor?.name;
    if (type !== 'Object' && classes[type] === undefined) throw new Error(`state holds an instance of ${type}`);
    return node(type, Object.fromEntries(Object.entries(v).map(([k, x]) => [k, encode(x)])));
  };
  return encode;
}

function decoder(world: World) {
  const objects = new Map<number, unknown>();
  const decode = (e: Encoded): unknown => {
    if (e === null || typeof e !== 'object') return e;
    if (Array.isArray(e)) throw new Error('state: a bare array where a node was expected');
    if ('$ref' in e) {
      if (!objects.has(e.$ref)) throw new Error(`state: $ref ${e.$ref} before its object`);
      return objects.get(e.$ref);
    }
    if ('$undefined' in e) return undefined;
    const { $id: id, $type: type, value } = e;
    switch (type) {
      case 'World':
        return world;
      case 'Array': {
        const out: unknown[] = [];
        objects.set(id, out);
        for (const x of value as Encoded[]) out.push(decode(x));
        return out;
      }
      case 'Map': {
        const out = new Map();
        objects.set(id, out);
        for (const [k, x] of value as [Encoded, Encoded][]) out.set(decode(k), decode(x));
        return out;
      }
      case 'Set': {
        const out = new Set();
        objects.set(id, out);
        for (const x of value as Encoded[]) out.add(decode(x));
        return out;
      }
      case 'Date':
        return remember(id, new Date(value as number));
      case 'Bytes':
        return remember(id, Buffer.from(value as string, 'base64'));
      default: {
        const cls = type === 'Object' ? Object : classes[type];
        if (!cls) throw new Error(`state: unknown type ${type}`);
        const out = Object.create(cls.prototype) as Record<string, unknown>;
        objects.set(id, out);
        for (const [k, x] of Object.entries(value as Record<string, Encoded>)) out[k] = decode(x);
        return out;
      }
    }
  };
  const remember = <T>(id: number, v: T): T => {
    objects.set(id, v);
    return v;
  };
  return decode;
}

/** The whole state as JSON-ready data. */
export function exportState(world: World): Snapshot {
  const encode = encoder(world);
  return {
    format: FORMAT,
    nextId: world.lastId(),
    clockOffsetMs: world.clockOffsetMs,
    actionDelayMs: world.actionDelayMs,
    graph: encode({ accounts: world.accounts, tokens: world.tokens, perWorld: perWorldStates(world) }),
  };
}

/** Replaces the world's state by a snapshot of `exportState`; throws on anything else. */
export function restoreState(world: World, data: unknown): void {
  const snapshot = data as Partial<Snapshot> | null;
  const known = snapshot?.format === FORMAT || snapshot?.format === FORMAT_WITHOUT_WORLD_STATES;
  if (!known || typeof snapshot?.nextId !== 'number' || !Number.isSafeInteger(snapshot.nextId))
    throw new Error(`not a state snapshot (format ${FORMAT} from GET /__cloudconf/state)`);
  const root = decoder(world)(snapshot.graph as Encoded) as {
    accounts?: unknown;
    tokens?: unknown;
    perWorld?: unknown;
  };
  if (!(root.accounts instanceof Map) || !(root.tokens instanceof Map))
    throw new Error('state snapshot without accounts and tokens');
  const worldStates = root.perWorld;
  if (snapshot.format === FORMAT && (worldStates === null || typeof worldStates !== 'object'))
    throw new Error('state snapshot without its world-wide states');
  // Checked before anything changes: an unknown name leaves the state as it was.
  if (worldStates) restorePerWorldStates(world, worldStates as Record<string, unknown>, { dryRun: true });
  world.accounts.clear();
  for (const [id, account] of root.accounts) world.accounts.set(id, account);
  for (const account of world.accounts.values()) relinkSubnetMembers(account);
  world.tokens.clear();
  for (const [token, t] of root.tokens) world.tokens.set(token, t);
  world.clockOffsetMs = Number(snapshot.clockOffsetMs ?? 0);
  world.actionDelayMs = Number(snapshot.actionDelayMs ?? 0);
  if (worldStates) restorePerWorldStates(world, worldStates as Record<string, unknown>);
  // The id sequence only moves forward: ids of restored entities are never handed out again.
  world.skipPast(snapshot.nextId);
}
