// The entities tests need (a VPC for /vpcs/{vpcId}, ...), created through the API from valid generated bodies and deleted when the test file ends.

import { isObject } from '../../spec/evaluate.js';
import { operationById } from '../../spec/index.js';
import type { Operation } from '../../spec/types.js';
import { failed } from '../check/result.js';
import { SAMPLE_IMAGE, SAMPLE_IMAGE_TYPE } from '../generate/files.js';
import { childrenFirst, cleanupAtOnce, parentKey } from '../target/children-first.js';
import { paramNamed, pathValueProblem } from '../target/path-value.js';
import type { Session } from '../target/session.js';
import { createdFixtures, type FixtureSpec, fixtureSpecs, settlingFixture } from './fixture-specs.js';
import type { Kit } from './kit.js';
import { targetBody } from './target-body.js';
import { namesVlan, VlanSeats } from './vlan-seats.js';

/** The first member named `name` holding an id (a number or a string) in a JSON value, depth first. */
function firstMember(value: unknown, name: string): number | string | undefined {
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = firstMember(item, name);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (!isObject(value)) return undefined;
  const own = value[name];
  if (typeof own === 'number' || typeof own === 'string') return own;
  return firstMember(Object.values(value), name);
}

/** How long a fixture's asynchronous work may take before the test goes on with it anyway, and how often it is read. */
const SETTLE_DEADLINE_MS = 60_000;
const SETTLE_POLL_MS = 200;

/**
 * Waits until the entity has finished the work its creation (or a test before) started, as its spec
 * reads it: tests must not meet a busy fixture where a target's actions take time. Past the deadline
 * the test goes on, and judges what it meets.
 */
async function settle(
  kit: Kit,
  spec: Extract<FixtureSpec, { create: string }>,
  params: Record<string, string | number>,
) {
  const view = spec.settles && operationById.get(spec.settles.view);
  if (!spec.settles || !view) return;
  const until = performance.now() + SETTLE_DEADLINE_MS;
  for (;;) {
    const e = await kit.send(view, { params });
    const status = (e.response?.json as { status?: unknown } | undefined)?.status;
    if (spec.settles.ready(status) || e.response?.status !== 200 || performance.now() > until) return;
    await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS));
  }
}

export interface Created {
  op: Operation;
  params: Record<string, string | number>;
  /** The token that made it, when not the run's: it may belong to another account. */
  token?: string;
}

/**
 * Instances are leased, one test at a time each: tests change what an instance holds (its storage,
 * its interfaces, a restricted user's grants on it), so concurrent tests of a file get one each.
 */
const LEASED = new Set(['nodeId']);

/**
 * Leased entities of a kind per file at most; a test past it waits for one to come back. Each is
 * an instance on the account, so their number stays well under the tests a file runs at once;
 * the VLANs they hold are bounded apart (`VlanSeats`).
 */
const MAX_LEASED = 8;

/** Fixtures of one test file: shared where a test only reads or updates, fresh where it deletes. */
export class Fixtures {
  private readonly shared = new Map<string, number | string>();
  private readonly making = new Map<string, Promise<number | string | undefined>>();
  /** Entities of a leased kind held by a running test, and those free for the next test. */
  private readonly leases = new Map<Kit, Map<string, number | string>>();
  private readonly idle = new Map<string, (number | string)[]>();
  /** Leased entities made so far by kind, and tests waiting for one to come back. */
  private readonly leasable = new Map<string, number>();
  private readonly waitingForLease: (() => void)[] = [];
  private readonly created: Created[] = [];
  /**
   * Entities made for one test only, by test (tests of a file run at once); deleted when it ends,
   * since some lists have limits (six payment methods).
   */
  private readonly fresh = new Map<Kit, Created[]>();
  /** `<create operation>:<id>` of every entity made here, so adopt() does not take them twice. */
  private readonly made = new Set<string>();
  private readonly vlanSeats = new VlanSeats<Kit>();

  constructor(private readonly session: Session) {}

  /** Makes `kit` take a VLAN seat before its first request that names a VLAN (given back by `releaseFresh`). */
  watch(kit: Kit): void {
    kit.beforeSend = (_op, options) => (namesVlan(options.body) ? this.vlanSeats.take(kit) : undefined);
  }

  /** Path parameters for an operation, creating what is missing; `fresh` makes a new entity for the last parameter. */
  async paramsFor(kit: Kit, op: Operation, fresh = false): Promise<Record<string, string | number> | undefined> {
    const params: Record<string, string | number> = {};
    const names = op.pathParams.map((p) => p.name);
    for (const [i, name] of names.entries()) {
      const makeFresh = fresh && i === names.length - 1;
      const id = await this.entity(kit, name, params, makeFresh, op.id);
      if (id === undefined) return undefined;
      params[name] = id;
    }
    return params;
  }

  private async entity(
    kit: Kit,
    param: string,
    parents: Record<string, string | number>,
    fresh: boolean,
    forOp = '',
  ): Promise<number | string | undefined> {
    const spec = fixtureSpecs.find((f) => f.param === param);
    if (!spec) return undefined;
    const variant = 'create' in spec ? spec.variants?.[forOp] : undefined;
    const pickList = 'create' in spec ? spec.pickFor?.[forOp] : undefined;
    const byAnother = 'create' in spec && (spec.byAnotherAccountFor?.includes(forOp) ?? false);
    const key = `${param}:${JSON.stringify(parents)}${variant || pickList || byAnother ? `:${forOp}` : ''}`;
    if (!fresh && LEASED.has(param) && Object.keys(parents).length === 0 && !variant && !pickList && !byAnother)
      return this.lease(kit, spec, param);
    if (!fresh && this.shared.has(key)) return this.shared.get(key);
    // Tests of a file run at once: the first to ask makes a shared entity, the others wait for it.
    const making = fresh ? undefined : this.making.get(key);
    if (making) {
      const id = await making;
      // Made for another test: a failure is that test's, so this one tries itself and sees its own.
      if (id !== undefined) return id;
    }
    const made = this.make(kit, spec, param, parents, fresh, variant, pickList, byAnother);
    if (fresh) return made;
    this.making.set(key, made);
    try {
      const id = await made;
      if (id !== undefined) this.shared.set(key, id);
      return id;
    } finally {
      this.making.delete(key);
    }
  }

  /**
   * An entity of a leased kind for this test alone while it runs: an idle one a test before it
   * used, or a new one. One test at a time acts on each, as when tests ran one after another.
   */
  private async lease(kit: Kit, spec: FixtureSpec, param: string): Promise<number | string | undefined> {
    const held = this.leases.get(kit);
    if (held?.has(param)) return held.get(param);
    const idle = this.idle.get(param) ?? [];
    this.idle.set(param, idle);
    const count = this.leasable.get(param) ?? 0;
    // A test holding a VLAN seat never waits for an instance, so seats and leases cannot wait on each other.
    if (idle.length === 0 && count >= MAX_LEASED && !this.vlanSeats.holds(kit)) {
      // Waits for a test to give one back (`releaseFresh`), then asks again.
      await new Promise<void>((resolve) => this.waitingForLease.push(resolve));
      return this.lease(kit, spec, param);
    }
    let id = idle.pop();
    const reused = id !== undefined;
    if (id === undefined) {
      this.leasable.set(param, count + 1);
      id = await this.make(kit, spec, param, {}, false, undefined, undefined, false);
      if (id === undefined) {
        this.leasable.set(param, (this.leasable.get(param) ?? 1) - 1);
        this.waitingForLease.shift()?.();
        return undefined;
      }
    }
    this.leases.set(kit, (held ?? new Map()).set(param, id));
    // A test before may have left an action of it in progress.
    if (reused && 'create' in spec) await settle(kit, spec, { [param]: id });
    return id;
  }

  private async make(
    kit: Kit,
    spec: FixtureSpec,
    param: string,
    parents: Record<string, string | number>,
    fresh: boolean,
    variant: Record<string, unknown> | undefined,
    pickList: string | undefined,
    byAnother: boolean,
  ): Promise<number | string | undefined> {
    const id: number | string | undefined =
      'value' in spec
        ? spec.value(this.session.config)
        : pickList
          ? await this.pick(kit, pickList, 'create' in spec ? spec.idField : undefined, parents, param)
          : 'create' in spec
            ? await this.create(kit, spec, param, parents, fresh, variant, byAnother)
            : ((await this.pick(kit, spec.pick, spec.idField, parents, param)) ??
              (spec.prime && (await this.entity(kit, spec.prime, {}, false)) !== undefined
                ? await this.pick(kit, spec.pick, spec.idField, parents, param)
                : undefined));
    return id;
  }

  private async create(
    kit: Kit,
    spec: Extract<FixtureSpec, { create: string }>,
    param: string,
    parents: Record<string, string | number>,
    fresh: boolean,
    variant?: Record<string, unknown>,
    byAnother = false,
  ): Promise<number | string | undefined> {
    const op = operationById.get(spec.create);
    if (!op) return undefined;
    const maker = byAnother ? (await this.session.otherAccount('fixture-maker'))?.token : undefined;
    if (byAnother && !maker) return undefined;
    const made = await targetBody(kit, op, parents);
    if ('missing' in made) return undefined;
    const as = maker ? { token: maker } : {};
    const e = await kit.send(op, { params: parents, body: { ...made.body, ...variant }, ...as });
    if (e.response?.status !== 200) return undefined;
    const shown = (e.response.json as Record<string, number | string> | undefined)?.[spec.idField ?? 'id'];
    // A create whose response the documents do not show: the new entity is the newest of the list.
    const id =
      shown ?? (spec.newestIn ? await this.pick(kit, spec.newestIn, spec.idField, parents, param, true) : undefined);
    if (id === undefined) return undefined;
    const unusable = this.session.unusable(id) ?? pathValueProblem(paramNamed(param), id);
    if (unusable) {
      // An id no path can hold (`""` would name the whole collection): a failure of the target, never sent on.
      kit.check(
        failed(
          'ownership/create-id',
          `an id a path can hold (${paramNamed(param).type})`,
          unusable,
          'the target answered a create with an id that is not a valid, non-empty path segment; the run sends nothing with it',
          e,
        ),
      );
      return undefined;
    }
    const disowned = this.session.disowned(id);
    if (disowned) {
      // The answer names something the run did not make: a failure of the target, and nothing to act on.
      kit.check(
        failed(
          'ownership/create-echo',
          'a create answer naming what was sent',
          disowned,
          'the target answered a create with another entity; safe mode never changes or deletes what the run cannot show it made',
          e,
        ),
      );
      return undefined;
    }
    for (const next of spec.completeWith ?? []) await this.complete(kit, next, { ...parents, [param]: id });
    await settle(kit, spec, { ...parents, [param]: id });
    const remove = spec.remove ? operationById.get(spec.remove) : undefined;
    if (remove)
      (fresh ? this.freshOf(kit) : this.created).push({ op: remove, params: { ...parents, [param]: id }, ...as });
    this.made.add(`${op.id}:${id}`);
    return id;
  }

  private async complete(kit: Kit, opId: string, params: Record<string, string | number>): Promise<void> {
    const op = operationById.get(opId);
    if (!op) return;
    if (op.body?.kind === 'file') {
      await kit.send(op, { params, rawBody: SAMPLE_IMAGE, contentType: SAMPLE_IMAGE_TYPE });
      return;
    }
    const made = await targetBody(kit, op, params);
    if (!('body' in made)) return;
    const e = await kit.send(op, { params, body: made.body });
    // Part of the entity: adopt() must not take it as the test's own and delete it when the test ends.
    const id = (e.response?.json as { id?: unknown } | undefined)?.id;
    if (typeof id === 'number' || typeof id === 'string') this.made.add(`${op.id}:${id}`);
  }

  /** An entity the suite cannot (or must not) make, read from a list: the first, or the newest by id. */
  private async pick(
    kit: Kit,
    listId: string,
    idField: string | undefined,
    parents: Record<string, string | number>,
    param: string,
    newest = false,
  ): Promise<number | string | undefined> {
    const op = operationById.get(listId);
    if (!op) return undefined;
    const e = await kit.send(op, { params: parents });
    const json = e.response?.json;
    if (e.response?.status !== 200) return undefined;
    // A record that is no list (an instance's networking information): its first such member, depth first.
    if (isObject(json) && !Array.isArray(json.data) && !newest) return firstMember(json, idField ?? 'id');
    const data = Array.isArray(json) ? json : (json as { data?: unknown } | undefined)?.data;
    if (!Array.isArray(data)) return undefined;
    const ids = data.map((item) => (item as Record<string, unknown>)?.[idField ?? 'id']);
    // Only ids a path can hold: a listed `""` or `..` would name the collection or its parent.
    const usable = ids.filter(
      (id): id is number | string =>
        (typeof id === 'number' || typeof id === 'string') && !pathValueProblem(paramNamed(param), id),
    );
    if (!newest) return usable[0];
    return usable.filter((id): id is number => typeof id === 'number').sort((a, b) => b - a)[0];
  }

  /** Records an entity a test made itself, so it is deleted with the fixtures at the end. */
  track(remove: Operation, params: Record<string, string | number>): void {
    this.created.push({ op: remove, params });
  }

  /**
   * Waits until each entity named (a path parameter, or a body's `<kind>_id` member, read as the
   * parameter `<kind>Id`) has finished the work a request before started, where its spec says how
   * to read that: cases sent one after another to one instance must not meet the action the case
   * before began (a resize's migration, a restore).
   */
  async settled(kit: Kit, params: Record<string, string | number>, body?: unknown): Promise<void> {
    const named: [string, string | number][] = Object.entries(params);
    if (isObject(body))
      for (const [member, value] of Object.entries(body))
        if (/^[a-z]+_id$/.test(member) && (typeof value === 'number' || typeof value === 'string'))
          named.push([member.replace(/_id$/, 'Id'), value]);
    for (const [param, id] of named) {
      const spec = settlingFixture(param);
      if (spec) await settle(kit, spec, { ...params, [param]: id });
    }
  }

  /** The first path parameter of an operation that no fixture can make, if any. */
  missing(op: Operation): string | undefined {
    return op.pathParams.map((p) => p.name).find((name) => !fixtureSpecs.some((f) => f.param === name));
  }

  /**
   * Takes charge of what a test created itself through a fixture's create operation (a create
   * that a derived procedure judged, say): it is deleted when the test ends.
   */
  adopt(kit: Kit): void {
    for (const { op, options, exchange } of kit.sent) {
      const spec = createdFixtures.find((f) => f.create === op.id);
      const status = exchange.response?.status ?? 0;
      if (!spec?.remove || status < 200 || status >= 300) continue;
      const id = (exchange.response?.json as Record<string, unknown> | undefined)?.[spec.idField ?? 'id'];
      if ((typeof id !== 'number' && typeof id !== 'string') || this.made.has(`${op.id}:${id}`)) continue;
      if (pathValueProblem(paramNamed(spec.param), id)) continue;
      const remove = operationById.get(spec.remove);
      if (!remove) continue;
      const params = { ...options.params, [spec.param]: id };
      this.freshOf(kit).push({ op: remove, params, ...(options.token ? { token: options.token } : {}) });
    }
  }

  /** Puts back account-wide settings the test changed, and deletes the entities made for it; what resists is retried at cleanup. */
  async releaseFresh(kit: Kit): Promise<void> {
    await this.session.restoreAccount();
    const made = this.fresh.get(kit) ?? [];
    this.fresh.delete(kit);
    this.created.push(...(await this.remove(made)));
    this.vlanSeats.release(kit);
    for (const [param, id] of this.leases.get(kit) ?? []) {
      this.idle.get(param)?.push(id);
      this.waitingForLease.shift()?.();
    }
    this.leases.delete(kit);
  }

  private freshOf(kit: Kit): Created[] {
    let list = this.fresh.get(kit);
    if (!list) {
      list = [];
      this.fresh.set(kit, list);
    }
    return list;
  }

  /** Deletes what this file created, newest first; returns what could not be deleted (the run's cleanup retries it from the journal). */
  async cleanup(): Promise<Created[]> {
    await this.session.restoreAccount();
    const fresh = [...this.fresh.values()].flat();
    this.fresh.clear();
    const left = await this.remove([...fresh, ...this.created.splice(0)]);
    return left;
  }

  /** Deletes children before parents, newest first within a depth, a few at a time but one at a time per parent. */
  private async remove(entities: Created[]): Promise<Created[]> {
    const left: Created[] = [];
    await childrenFirst(
      entities.reverse(),
      (c) => c.op.pathParams.length,
      async (c) => {
        try {
          // The documents say it cannot be removed in its state (an accepted transfer): nothing to try.
          if (await this.session.keptInState(c.op, c.params)) return;
          // The maker deletes first (it may be in another account); the run's token is the fallback.
          let e = await this.session.send(c.op, { params: c.params, ...(c.token ? { token: c.token } : {}) });
          if (c.token && e.response && e.response.status >= 400)
            e = await this.session.send(c.op, { params: c.params });
          const s = e.response?.status;
          if (s === undefined || (s >= 400 && s !== 404)) left.push(c);
        } catch {
          // The mode refused it (an entity this run did not make, or a run stopped), or the target's data
          // cannot be sent back (a lone surrogate in a label): leave it to the run's cleanup, and go on.
          left.push(c);
        }
      },
      { apart: (c) => parentKey(c.op, c.params), atOnce: cleanupAtOnce(this.session.config.concurrency) },
    );
    return left;
  }
}
