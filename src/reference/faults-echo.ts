// The echoing faults: `echo:<requirement>` gives back the secret an operation's body took (a password, a card number, a CVV), one fault per derived `not-returned` requirement; in turn as sent, percent-encoded in a URL, inside base64 (long secrets) or kept in the record and shown when the entity is read back, so the check is seen to find each form, in the answer and in the entity.

import { walkFields } from '../../spec/derive.js';
import { isObject, memberValue } from '../../spec/evaluate.js';
import { exclusions, operationById, operations, requirements } from '../../spec/index.js';
import { entityViewOf } from '../../spec/paths.js';
import type { Operation } from '../../spec/types.js';
import type { Fault } from './faults/define.js';

export const ECHO = 'echo:';

/** The name of an echoing fault: `echo:` and the requirement it breaks. */
export type EchoFault = `${typeof ECHO}${string}`;

/** Shorter secrets (a CVV) go back as sent only: their encodings are not told from chance. */
const ENCODED_FROM = 8;

type Form = 'as sent' | 'percent-encoded' | 'in base64' | 'kept in the record';
const FORMS: readonly Form[] = ['as sent', 'percent-encoded', 'in base64', 'kept in the record'];

interface Target {
  op: Operation;
  path: string;
  what: string;
  form: Form;
}

const excluded = new Set(exclusions.map((x) => x.requirement));

const targets = new Map<EchoFault, Target>(
  requirements.flatMap((r, i) => {
    const d = r.derivation;
    const op = d?.kind === 'not-returned' ? operationById.get(d.operation) : undefined;
    if (d?.kind !== 'not-returned' || !op || excluded.has(r.id)) return [];
    const what = walkFields(op.body?.fields ?? []).find((w) => w.path === d.path)?.field.secret?.what ?? 'secret';
    return [[`${ECHO}${r.id}` as EchoFault, { op, path: d.path, what, form: FORMS[i % FORMS.length] as Form }]];
  }),
);

export const echoFaults: Fault<EchoFault>[] = [...targets].map(([name, t]) => ({
  name,
  area: t.op.area,
  family: 'secrecy',
  breaks:
    t.form === 'kept in the record' && entityViewOf(t.op, operations)
      ? `keeps the ${t.what} sent in ${t.path} to ${t.op.method} ${t.op.path} in the record, and shows it when the entity is read back`
      : `gives back the ${t.what} sent in ${t.path} in the answer of ${t.op.method} ${t.op.path} (${t.form}, when long enough)`,
  catches: [name.slice(ECHO.length)],
}));

/** The member a secret goes back in, in its fault's form. */
function echoed(t: Target, secret: string): Record<string, unknown> {
  const name = t.path.split('.').at(-1) as string;
  if (secret.length < ENCODED_FROM || t.form === 'as sent' || t.form === 'kept in the record')
    return { [name]: secret };
  if (t.form === 'percent-encoded')
    return { links: { retry: `https://api.example.test/retry?${name}=${encodeURIComponent(secret)}` } };
  return { debug: Buffer.from(`${name}:${secret}`).toString('base64') };
}

type Params = Record<string, string | number>;

/** Secrets kept in records, by server (its world) and then by the view and parameters that read the entity. */
const kept = new WeakMap<object, Map<string, Record<string, unknown>>>();

const keyOf = (view: Operation, params: Params) =>
  `${view.id} ${view.pathParams.map((p) => `${p.name}=${String(params[p.name])}`).join('&')}`;

/** Keeps a secret in the record of the entity the operation made or changed; false where it has no view. */
function keep(server: object, t: Target, params: Params, answer: unknown, member: Record<string, unknown>): boolean {
  const at = entityViewOf(t.op, operations);
  const id = isObject(answer) ? answer.id : undefined;
  if (!at || (at.createdParam && typeof id !== 'number' && typeof id !== 'string')) return false;
  const where = at.createdParam ? { ...params, [at.createdParam]: id as string | number } : params;
  const records = kept.get(server) ?? new Map<string, Record<string, unknown>>();
  kept.set(server, records);
  const key = keyOf(at.view, where);
  records.set(key, { ...records.get(key), ...member });
  return true;
}

/**
 * The answer of a successful operation as a server with echoing faults writes it: each faulted
 * secret added, or kept in the record (`server`: the world whose records they are).
 */
export function withEchoes(
  fault: (name: EchoFault) => boolean,
  server: object,
  op: Operation,
  params: Params,
  body: unknown,
  answer: unknown,
): unknown {
  let out = answer;
  for (const [name, t] of targets) {
    if (t.op !== op || !fault(name)) continue;
    const secret = memberValue(body, t.path);
    if (typeof secret !== 'string' || !isObject(out)) continue;
    const member = echoed(t, secret);
    if (t.form !== 'kept in the record' || !keep(server, t, params, out, member)) out = { ...out, ...member };
  }
  return out;
}

/** The answer of a view with the secrets a faulted operation kept in the entity's record. */
export function withKept(server: object, op: Operation, params: Params, answer: unknown): unknown {
  const member = op.method === 'GET' ? kept.get(server)?.get(keyOf(op, params)) : undefined;
  return member && isObject(answer) ? { ...answer, ...member } : answer;
}
