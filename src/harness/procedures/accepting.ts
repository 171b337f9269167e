// Procedures of the accepting side of each rule (issue 28): values the documents allow at each bound, every enum member, each optional field left out, the page sizes at their bounds; each must be accepted, and a refusal is judged only when it can be told from a refusal for another reason.

import fc from 'fast-check';
import { describeRule, OPTIONAL, ruleId, walkFields } from '../../../spec/derive.js';
import { opOf } from '../../../spec/index.js';
import { limitRowOf } from '../../../spec/limit-rows.js';
import type { AcceptedDerivation, Operation, Param, Rule } from '../../../spec/types.js';
import { allowedValueAccepted } from '../../check/accepting.js';
import { described } from '../../check/result.js';
import { acceptedValues, controlValue } from '../../generate/accepted-values.js';
import { type AcceptingCase, acceptable, acceptingCases } from '../../generate/accepting.js';
import { itemHint } from '../../generate/over-limit.js';
import type { Hints } from '../../generate/values.js';
import { sampleOne } from '../../generate/violations.js';
import type { Exchange } from '../../http/exchange.js';
import type { SendOptions } from '../../target/session.js';
import { casesAtOnce, heavyAnswer, sendCases } from '../cases-at-once.js';
import { holdsPublic, withReferences } from '../cross-rule-entities.js';
import { createdFixtures, settlingFixture } from '../fixture-specs.js';
import { hintsFor } from '../hints.js';
import { type Kit, SkipRequirement } from '../kit.js';
import { runVlan } from '../vlan-seats.js';
import { type ProcedureContext, renames, validRequest } from './request.js';
import { notARuleRejection } from './rule-rejection.js';

type Json = Record<string, unknown>;

/** Fields whose valid values only the target knows (a promo code it issued): no value of a chosen size can be valid. */
const TARGET_DECIDES = new Set(['promo_code']);

/** Members that carry the run's prefix: in safe mode what the run made must show it, or the run may not delete it. */
const PREFIXED = new Set(['label', 'username']);

const accepted = (e: Exchange) => {
  const s = e.response?.status;
  return s !== undefined && s >= 200 && s < 300;
};

/** A refusal a rule could have given: a 4xx that is not about credentials, routing or load. */
const refusedByRule = (e: Exchange) => {
  const s = e.response?.status;
  return s !== undefined && s >= 400 && s < 500 && notARuleRejection(e, false) === undefined;
};

/** The accepted derivation of the requirement a procedure judges. */
function derivationOf(kit: Kit): AcceptedDerivation {
  const d = kit.requirement.derivation;
  if (d?.kind !== 'accepted') throw new Error(`${kit.requirement.id} is not the accepting side of a rule`);
  return d;
}

/**
 * The seed of the values a test draws: the run's seed salted with the requirement's id and the run's
 * label prefix, so two tests never draw the same name, nor two runs at once on one account (a
 * username of 3 characters cannot carry the prefix that keeps other names apart). VLAN names are
 * drawn from the run's seed alone, the same in every test and every run with that seed: a region
 * holds ten VLANs for all the runs on an account, and a VLAN is no entity of the run to clean up.
 */
function seedOf(kit: Kit, vlan = false): number {
  if (vlan) return kit.seed >>> 0;
  const salt = `${kit.requirement.id}|${kit.session.config.labelPrefix}`;
  let h = 0x811c9dc5;
  for (let i = 0; i < salt.length; i++) h = Math.imul(h ^ salt.charCodeAt(i), 0x01000193);
  return (kit.seed ^ h) >>> 0;
}

/** The documents' words for what the case keeps: their Limits row where one states the bounds, else the encoded rule. */
function documentsWords(op: Operation, field: { rules?: Rule[] } | undefined, rule: Rule | undefined, path: string) {
  if (!rule) return `the documents mark \`${path}\` optional`;
  const row = limitRowOf(field?.rules, op.part);
  return row ? `Limits, ${row.item}: ${row.limit}` : `the documents: \`${path}\` may ${describeRule(rule)}`;
}

/** As many cases at once as the run allows; after a heavy answer, one at a time. */
const atOnce = (kit: Kit) => ({ atOnce: casesAtOnce(kit), heavy: (a: Answered) => heavyAnswer(a.e) });

/** What a case's answer, and what was sent after a refusal, say. */
interface Answered {
  e: Exchange;
  /** The request without the case's change, sent after a refusal: refused too, the refusal has another reason. */
  control?: Exchange;
}

/**
 * Judges a case: accepted passes; a refusal fails, naming the bound and the documents' words, unless
 * the answer says the request never reached a rule or the control (the same request without the
 * case's change) was refused too; then the requirement is `error`, never `pass`.
 */
function judgeAccepting(kit: Kit, context: string, documents: string, { e, control }: Answered): void {
  const why = notARuleRejection(e, false);
  if (!accepted(e) && why) kit.unjudged(`${context}: ${why}`);
  else if (control && !accepted(control))
    kit.unjudged(
      `${context}: the same request without this value was refused too (${described(control).slice(0, 200)}), so the refusal may have another reason`,
    );
  else kit.check(allowedValueAccepted(e, context, documents), context);
}

/** Cases that add a public interface to an existing instance go apart: the instance's own would refuse them (withReferences moves them). */
const addsPublic = (body: Json) => holdsPublic(body) || body.purpose === 'public';

/** Arrays whose items name an entity by `id` (grants), and where the suite finds one it may name; other kinds it cannot make. */
const NAMED_ENTITIES: Record<string, { view: string; param: string }> = {
  vpc: { view: 'vpcs/view', param: 'vpcId' },
  stackscript: { view: 'stackscripts/view', param: 'stackscriptId' },
  node: { view: 'instances/view', param: 'nodeId' },
};

/**
 * Hints for the item of an array whose items name an entity (a grant on a VPC): one the test has.
 * Undefined when the case needs none; a skip when the entity is of a kind no operation makes.
 */
async function namedEntityHints(ctx: ProcedureContext, path: string): Promise<Hints | undefined> {
  const [list = '', ...rest] = path.split('.');
  const field = ctx.op.body?.fields.find((f) => f.name === list);
  if (rest.length === 0 || field?.type !== 'array' || !field.items?.fields?.some((f) => f.name === 'id')) return;
  const named = NAMED_ENTITIES[list];
  if (!named)
    return ctx.kit.skip(
      `a \`${list}\` item names a ${list} the account has: the documents have no operation that makes one`,
    );
  const params = await ctx.fixtures.paramsFor(ctx.kit, opOf(named.view));
  const id = params?.[named.param];
  if (id === undefined) return ctx.kit.skip(`no ${list} could be made for a \`${list}\` item to name`);
  return { [itemHint(list)]: fc.constant({ id, permissions: 'read_only' }) };
}

/**
 * The VLANs the accepting side names: the run's first few (runVlan), which other tests hold too; a
 * region holds ten, and a case of three interfaces, each on a new VLAN, made three per request.
 */
const VLAN_POOL = 3;

/** Interfaces on the run's pool of VLANs, for bodies that list interfaces. */
function vlanHints(kit: Kit, op: Operation): Hints {
  if (op.body?.fields.find((f) => f.name === 'interfaces')?.items?.type !== 'object') return {};
  const { labelPrefix } = kit.session.config;
  const pool = Array.from({ length: VLAN_POOL }, (_, n) => ({ purpose: 'vlan', label: runVlan(labelPrefix, n + 1) }));
  return { [itemHint('interfaces')]: fc.constantFrom(...pool) };
}

/** A VLAN label field (an interface's `label`): its values at the bounds are VLANs, the same in every test and run. */
const namesVlanLabel = (op: Operation, path: string) =>
  path === 'interfaces.label' || (path === 'label' && (op.body?.fields.some((f) => f.name === 'purpose') ?? false));

/** What a value of a field needs that only the target has, set on the body the cases start from (user data needs a cloud-init image: the run's first). */
const BASE_NEEDS: Record<string, (kit: Kit, op: Operation, base: Json) => void> = {
  'metadata.user_data': (kit, op, base) => {
    if (op.body?.fields.some((f) => f.name === 'image')) base.image = kit.session.config.images[0];
  },
};

/** What a value needs in the rest of its body (a prose rule the encoding does not hold as a cross rule), by `<operation>:<field>`. */
const CASE_NEEDS: Record<string, (body: Json) => void> = {
  // A warm migration cannot cross regions: it stays in the instance's own.
  'instances/migrate:type': (body) => {
    if (body.type === 'warm') delete body.region;
  },
};

/** Request parameters of an entity fit for the cases (a disk resized to 1 MB must hold no files), by operation. */
const PREPARE: Record<string, (ctx: ProcedureContext, request: SendOptions) => Promise<SendOptions>> = {
  'disks/resize': async (ctx, request) => {
    const { kit } = ctx;
    const body = { label: `${kit.session.config.labelPrefix}-e${kit.session.nextSeed() % 100000}`, size: 256 };
    const e = await kit.send(opOf('disks/create'), { params: { nodeId: request.params?.nodeId ?? '' }, body });
    const id = (e.response?.json as Json | undefined)?.id;
    if (!accepted(e) || typeof id !== 'number') return kit.skip('an empty disk to resize could not be made');
    return { ...request, params: { ...request.params, diskId: id } };
  },
};

/**
 * The profile an interface is added to, without a public interface: a case adding one (moved to an
 * instance of its own by withReferences) would be refused for the profile's default one.
 */
async function profileWithoutPublic(kit: Kit, request: SendOptions): Promise<void> {
  const params = request.params ?? {};
  if (params.configId === undefined) return;
  const list = await kit.send(opOf('interfaces/list'), { params });
  const json = list.response?.json;
  const data = Array.isArray(json) ? json : (json as Json | undefined)?.data;
  for (const item of Array.isArray(data) ? (data as Json[]) : [])
    if (item.purpose === 'public' && item.id !== undefined)
      await kit.send(opOf('interfaces/delete'), { params: { ...params, interfaceId: item.id as number } });
}

/**
 * A label or username of its own for each request of a create or a rename: a name taken by an
 * earlier case (unique among managed credentials, usernames) is no bound. The case's own field keeps its value, except in
 * the control, which holds the base's. A vlan interface's label names a VLAN, not an entity: it
 * keeps the base's, one of the run's VLANs the instance is not on (each case's interface goes
 * before the next), since a new name would make a new VLAN, of which a region holds ten.
 */
function freshNames(kit: Kit, op: Operation, own: string): (body: Json, control?: boolean) => Json {
  if (op.method !== 'POST' && !renames(op)) return (body) => body;
  const hints = hintsFor(kit.session, op);
  return (body, control = false) => {
    const out = { ...body };
    const namesVlan = out.purpose === 'vlan';
    for (const name of PREFIXED)
      if ((control || name !== own) && !(namesVlan && name === 'label') && typeof out[name] === 'string' && hints[name])
        out[name] = sampleOne(hints[name] as fc.Arbitrary<unknown>, kit.session.nextSeed());
    return out;
  };
}

/** The create of a child (an interface of a profile, a disk of an instance): its parent holds only so many, so each case's entity goes when it is judged. */
const childCreate = (op: Operation) =>
  op.pathParams.length > 0 && createdFixtures.some((f) => f.create === op.id && f.remove !== undefined);

/** Deletes what an accepted create made (the harness deletes it again at the end of the test, which a 404 ends). */
async function removeMade(kit: Kit, op: Operation, request: SendOptions, e: Exchange): Promise<void> {
  const spec = createdFixtures.find((f) => f.create === op.id);
  const id = (e.response?.json as Json | undefined)?.[spec?.idField ?? 'id'];
  if (!spec?.remove || !accepted(e) || (typeof id !== 'number' && typeof id !== 'string')) return;
  await kit.send(opOf(spec.remove), { params: { ...request.params, [spec.param]: id } });
}

/** The accepting cases of a body requirement on the body the target accepts, with why others were left out. */
async function casesOf(ctx: ProcedureContext, d: AcceptedDerivation) {
  const { kit, op } = ctx;
  const named = await namedEntityHints(ctx, d.path);
  // An update changes its entity (a label at a bound, a field left out): one of its own, not a shared fixture.
  let valid = await validRequest(ctx, op.method === 'PUT');
  valid = (await PREPARE[op.id]?.(ctx, valid)) ?? valid;
  const base = { ...((valid.body ?? {}) as Json) };
  for (const [path, need] of Object.entries(BASE_NEEDS))
    if (path === d.path || path.startsWith(`${d.path}.`)) need(kit, op, base);
  const plain = hintsFor(kit.session, op);
  const { config } = kit.session;
  const hints = { ...hintsFor(kit.session, op, { plain: false }), ...vlanHints(kit, op), ...named };
  const vlanLabel = namesVlanLabel(op, d.path);
  const built = acceptingCases(op, d, base, seedOf(kit, vlanLabel), hints, {
    ...(vlanLabel ? {} : { prefix: config.labelPrefix }),
    // Left out of every body the suite sends (it names another entity): no control can hold it.
    unsendable: (path) => plain[path] !== undefined && sampleOne(plain[path] as fc.Arbitrary<unknown>, 1) === undefined,
  });
  const left = [...built.left];
  // In safe mode the run changes and deletes only what shows its prefix: a label too short to hold it is not sent.
  const owned = (c: AcceptingCase) => {
    const value = c.body[d.path];
    if (config.mode !== 'safe' || !PREFIXED.has(d.path) || String(value).startsWith(config.labelPrefix)) return true;
    left.push(`${c.why}: too short to carry the run's prefix, which safe mode needs to delete what it names`);
    return false;
  };
  const needs = CASE_NEEDS[`${op.id}:${d.path}`] ?? (() => {});
  for (const c of built.cases) for (const b of [c.body, c.alternate, c.control]) if (b) needs(b);
  return { cases: built.cases.filter(owned), left, request: { ...valid, body: base } };
}

/** One body of a case (its alternate, its control) with what it names made real; undefined when that cannot be had. */
async function resolved(ctx: ProcedureContext, request: SendOptions, body: Json, publicOne: boolean) {
  const keep = (b: Json) => acceptable(ctx.op, b);
  try {
    const r = await withReferences(ctx, request, [{ body }], keep, () => publicOne);
    const c = r.cases[0];
    if (!c) return undefined;
    // The body is the interface: it is added to a profile, which must not hold a public one either.
    if (publicOne && ctx.op.body?.fields.some((f) => f.name === 'purpose'))
      await profileWithoutPublic(ctx.kit, r.request);
    return { ...r.request, body: c.body };
  } catch (error) {
    if (error instanceof SkipRequirement) return undefined;
    throw error;
  }
}

/**
 * Every accepting case of a body rule or optional field, built on the body the target accepts, with
 * what the cases name made real; each must be accepted. A refused case is sent again with another
 * value of the same size (a name another client holds is no bound), then the request without the
 * change (the control): only a refusal of the case alone fails. A case adding a public interface
 * goes to an instance without one (withReferences), its alternate and control alike.
 */
export async function acceptedBody(ctx: ProcedureContext) {
  const { kit, op } = ctx;
  const d = derivationOf(kit);
  if (TARGET_DECIDES.has(d.path))
    return kit.skip(`the target decides which \`${d.path}\` values are valid (one it issued), whatever their size`);
  const { cases, left, request: shared } = await casesOf(ctx, d);
  if (cases.length === 0) return kit.skip(left[0] ?? 'no accepting case can be built from the encoding');
  const sendable: { c: AcceptingCase; request: SendOptions; publicOne: boolean }[] = [];
  for (const c of cases) {
    const publicOne = addsPublic(c.body);
    const request = await resolved(ctx, shared, c.body, publicOne);
    if (request) sendable.push({ c, request, publicOne });
    else left.push(`${c.why}: what it names could not be made on this target`);
  }
  if (sendable.length === 0) return kit.skip(left[0] ?? 'what the accepting cases name could not be made');
  const field = walkFields(op.body?.fields ?? []).find((w) => w.path === d.path)?.field;
  const rule = d.rule === OPTIONAL ? undefined : field?.rules?.find((r) => ruleId(r) === d.rule);
  const documents = documentsWords(op, field, rule, d.path);
  const withNames = freshNames(kit, op, d.path);
  // A rename moves its entity from under the path: each case renames an entity of its own.
  const own = renames(op) ? async () => (await validRequest(ctx, true)).params : undefined;
  const child = childCreate(op);
  const send = async (request: SendOptions, control = false) => {
    const params = own ? await own() : request.params;
    const body = withNames(request.body as Json, control);
    // One case at a time on one entity: none meets the action the one before began.
    if (!own && params) await ctx.fixtures.settled(kit, params, body);
    const e = await kit.send(op, { ...request, params, body });
    if (child) await removeMade(kit, op, { ...request, params }, e);
    return e;
  };
  await sendCases(
    sendable,
    async ({ c, request, publicOne }): Promise<Answered> => {
      const e = await send(request);
      if (!refusedByRule(e)) return { e };
      const other = c.alternate && (await resolved(ctx, shared, c.alternate, publicOne));
      const again = other ? await send(other) : undefined;
      if (again && !refusedByRule(again)) return { e: again };
      const control = c.control && (await resolved(ctx, shared, c.control, publicOne));
      return { e, ...(control ? { control: await send(control, true) } : {}) };
    },
    ({ c }, answered) => judgeAccepting(kit, `${c.location}: ${c.why}`, documents, answered),
    child || own || settling(op) ? { atOnce: 1 } : atOnce(kit),
  );
}

/**
 * Whether the operation acts on an entity whose work takes time (an instance, a backup): its cases go
 * one at a time, each once the entity has settled, or a case meets the action the one before began.
 */
const settling = (op: Operation) => op.pathParams.some((p) => settlingFixture(p.name) !== undefined);

/** The parameter an accepted derivation of a path or query parameter names, and its rule. */
function paramOf(op: Operation, d: AcceptedDerivation): { param: Param; rule: Rule } {
  const param = [...op.pathParams, ...op.query].find((p) => p.name === d.path);
  const rule = param?.rules?.find((r) => ruleId(r) === d.rule);
  if (!param || !rule) throw new Error(`${op.id} has no parameter ${d.path} with rule ${d.rule}`);
  return { param, rule };
}

/**
 * A path parameter value the documents allow today, where a rule of state lowers the encoded bound:
 * a month after the current one is refused (stats), so no year past this one is allowed yet.
 */
const BOUND_TODAY: Record<string, (value: number) => number> = {
  year: (value) => Math.min(value, new Date().getUTCFullYear()),
};

/** A month every year of the encoded range has already finished: path values of a month are judged with a past year. */
const PAST_YEAR = () => new Date().getUTCFullYear() - 1;

/**
 * A path or query parameter at each bound of its rule and one step inside (page_size 25, 26, 499,
 * 500): each value is accepted. A path value the documents refuse for the date (a month not yet
 * begun) is replaced by the nearest one they allow today.
 */
export async function acceptedParam(ctx: ProcedureContext) {
  const { kit, op } = ctx;
  const d = derivationOf(kit);
  const { param, rule } = paramOf(op, d);
  const valid = await validRequest(ctx);
  const { values, left } = acceptedValues(param, rule, seedOf(kit));
  const cases: { value: number | string; why: string; request: SendOptions }[] = [];
  for (const v of values) {
    if (typeof v.value !== 'number' && typeof v.value !== 'string') continue;
    if (d.in === 'query') {
      cases.push({
        value: v.value,
        why: v.why,
        request: { ...valid, query: { ...valid.query, [param.name]: v.value } },
      });
      continue;
    }
    const today = typeof v.value === 'number' ? (BOUND_TODAY[param.name] ?? ((x) => x))(v.value) : v.value;
    if (cases.some((c) => c.value === today)) continue;
    const why =
      today === v.value
        ? v.why
        : `${today}, the nearest to ${v.why} that the documents allow today (a later month has not begun)`;
    const params = { ...valid.params, [param.name]: today };
    if (param.name !== 'year' && 'year' in params) params.year = PAST_YEAR();
    cases.push({ value: today, why, request: { ...valid, params } });
  }
  if (cases.length === 0) return kit.skip(left[0] ?? 'no accepted value of this parameter can be sent');
  const documents = documentsWords(op, param, rule, param.name);
  // The control: a query without the parameter (its default); a path with the value well inside its bounds.
  const inside = controlValue(param, rule, seedOf(kit));
  const control: SendOptions =
    d.in === 'query' || inside === undefined
      ? valid
      : {
          ...valid,
          params: {
            ...valid.params,
            [param.name]: inside as number,
            ...('year' in (valid.params ?? {}) && param.name !== 'year' ? { year: PAST_YEAR() } : {}),
          },
        };
  await sendCases(
    cases,
    async (c): Promise<Answered> => {
      const e = await kit.send(op, c.request);
      return refusedByRule(e) ? { e, control: await kit.send(op, control) } : { e };
    },
    (c, answered) => judgeAccepting(kit, `${param.name} ${c.value}: ${c.why}`, documents, answered),
    atOnce(kit),
  );
}
