// The entities tests need (a VPC for /vpcs/{vpcId}, ...), created through the API from valid generated bodies and deleted when the test file ends.

import fc from 'fast-check';
import { operationById } from '../../spec/index.js';
import type { Operation } from '../../spec/types.js';
import { validBody } from '../generate/bodies.js';
import type { Hints } from '../generate/values.js';
import { sampleOne } from '../generate/violations.js';
import type { Session } from '../target/session.js';
import type { Kit } from './kit.js';

interface FixtureSpec {
  /** The path parameter the fixture fills. */
  param: string;
  /** The operation that creates it, and the parameters that operation needs first. */
  create: string;
  needs: string[];
  /** The operation that deletes it at the end (with the same parameters plus this one). */
  remove?: string;
  /** The field of the created record that the parameter takes (`id` unless said). */
  idField?: string;
}

/** Which operation makes the entity each path parameter names. */
export const fixtureSpecs: readonly FixtureSpec[] = [
  { param: 'vpcId', create: 'vpcs/create', needs: [], remove: 'vpcs/delete' },
  { param: 'vpcSubnetId', create: 'vpcs/subnets/create', needs: ['vpcId'], remove: 'vpcs/subnets/delete' },
  { param: 'stackscriptId', create: 'stackscripts/create', needs: [], remove: 'stackscripts/delete' },
  { param: 'contactId', create: 'managed/contacts/create', needs: [], remove: 'managed/contacts/delete' },
  { param: 'credentialId', create: 'managed/credentials/create', needs: [], remove: 'managed/credentials/revoke' },
  { param: 'serviceId', create: 'managed/services/create', needs: [], remove: 'managed/services/delete' },
  { param: 'tagLabel', create: 'tags/create', needs: [], remove: 'tags/delete', idField: 'label' },
];

/** Body fields that name other entities: random ids would name nothing, so tests send none. */
const REFERENCE_LISTS = ['domains', 'nodes', 'nodebalancers', 'volumes', 'credentials'];

const CARD_EXPIRY_YEARS = ['expiry_year', 'data.expiry_year'];

const thisYear = new Date().getUTCFullYear();

const LABEL_SEPARATOR = '-';

/** Values the target decides, and labels that carry the run's prefix so cleanup can find them. */
export function hintsFor(session: Session, op: Operation): Hints {
  const { config } = session;
  const labelField = op.body?.fields.find((f) => f.name === 'label');
  const max =
    labelField?.rules?.flatMap((r) => (r.kind === 'length' && r.max !== undefined ? [r.max] : [])).at(0) ?? 64;
  const room = Math.max(1, Math.min(8, max - config.labelPrefix.length - LABEL_SEPARATOR.length));
  const hints: Record<string, fc.Arbitrary<unknown>> = {
    region: fc.constantFrom(...config.regions),
    images: fc.constant(config.images.slice(0, 1)),
    // A public StackScript cannot be deleted: tests never make one unless that is what they test.
    is_public: fc.constant(false),
    ...Object.fromEntries(REFERENCE_LISTS.map((name) => [name, fc.constant([])])),
    // A card must not have expired (a rule of state: today's date), so generated cards expire later.
    ...Object.fromEntries(
      CARD_EXPIRY_YEARS.map((path) => [path, fc.integer({ min: thisYear + 1, max: thisYear + 10 })]),
    ),
    // Charge the default method, the one that surely exists; a credit card needs its cvv.
    payment_method_id: fc.constant(undefined),
    cvv: fc.constant('123'),
    // The payment bounds move with the balance; 5.00 to 2000.00 is within them whatever the balance.
    usd: fc.integer({ min: 500, max: 200_000 }).map((cents) => (cents / 100).toFixed(2)),
    label: fc
      .string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'), minLength: 1, maxLength: room })
      .map((s) => `${config.labelPrefix}${LABEL_SEPARATOR}${s}`),
  };
  return hints;
}

export interface Created {
  op: Operation;
  params: Record<string, string | number>;
}

/** Fixtures of one test file: shared where a test only reads or updates, fresh where it deletes. */
export class Fixtures {
  private readonly shared = new Map<string, number | string>();
  private readonly created: Created[] = [];

  constructor(private readonly session: Session) {}

  /** Path parameters for an operation, creating what is missing; `fresh` makes a new entity for the last parameter. */
  async paramsFor(kit: Kit, op: Operation, fresh = false): Promise<Record<string, string | number> | undefined> {
    const params: Record<string, string | number> = {};
    const names = op.pathParams.map((p) => p.name);
    for (const [i, name] of names.entries()) {
      const makeFresh = fresh && i === names.length - 1;
      const id = await this.entity(kit, name, params, makeFresh);
      if (id === undefined) return undefined;
      params[name] = id;
    }
    return params;
  }

  private async entity(kit: Kit, param: string, parents: Record<string, string | number>, fresh: boolean) {
    const key = `${param}:${JSON.stringify(parents)}`;
    if (!fresh && this.shared.has(key)) return this.shared.get(key);
    const spec = fixtureSpecs.find((f) => f.param === param);
    const op = spec && operationById.get(spec.create);
    if (!spec || !op) return undefined;
    const body = sampleOne(validBody(op, hintsFor(this.session, op)), this.session.nextSeed());
    const e = await kit.send(op, { params: parents, body });
    const id = (e.response?.json as Record<string, number | string> | undefined)?.[spec.idField ?? 'id'];
    if (e.response?.status !== 200 || id === undefined) return undefined;
    const remove = spec.remove ? operationById.get(spec.remove) : undefined;
    if (remove) this.created.push({ op: remove, params: { ...parents, [param]: id } });
    if (!fresh) this.shared.set(key, id);
    return id;
  }

  /** Records an entity a test made itself, so it is deleted with the fixtures at the end. */
  track(remove: Operation, params: Record<string, string | number>): void {
    this.created.push({ op: remove, params });
  }

  /** The first path parameter of an operation that no fixture can make, if any. */
  missing(op: Operation): string | undefined {
    return op.pathParams.map((p) => p.name).find((name) => !fixtureSpecs.some((f) => f.param === name));
  }

  /** Deletes what this file created, newest first; returns what could not be deleted. */
  async cleanup(): Promise<Created[]> {
    const left: Created[] = [];
    for (const c of this.created.reverse()) {
      const e = await this.session.send(c.op, { params: c.params });
      const s = e.response?.status;
      if (s === undefined || (s >= 400 && s !== 404)) left.push(c);
    }
    this.created.length = 0;
    return left;
  }
}
