// Derives the requirements that follow from an operation's data: auth, scope, access, response kind, paging, events and every field and parameter rule.

import { formatEdges } from './formats.js';
import type {
  CrossRule,
  Derivation,
  DerivedFrom,
  Field,
  Level,
  Operation,
  Param,
  Requirement,
  Rule,
  Secret,
} from './types.js';

/** The id a rule takes inside its field; part of requirement ids, so it must stay stable. */
export function ruleId(rule: Rule): string {
  if ('id' in rule && rule.id) return rule.id;
  switch (rule.kind) {
    case 'json-length':
    case 'base64-decoded-length':
      return 'length';
    case 'password-strength':
      return 'strength';
    default:
      return rule.kind;
  }
}

/** The part of a derived requirement's id after its operation id: the one rendering of a derivation. */
export function derivedSuffix(d: DerivedFrom): string {
  switch (d.kind) {
    case 'disabled':
    case 'unknown-id':
      return d.kind;
    case 'auth':
      return `auth/${d.check}`;
    case 'unrestricted-only':
      return 'access/unrestricted-only';
    case 'global-grant':
      return `access/grant-${d.grant}`;
    case 'entity-permission':
      return `access/entity-${d.permission}`;
    case 'response':
      return `response/${d.shape}`;
    case 'param-rule':
    case 'field-rule':
      return `${d.path}-${d.rule}`;
    case 'cross-rule':
      return d.rule;
    case 'not-accepted':
      return `${d.path}-not-accepted`;
    case 'not-returned':
      return `${d.path}-not-returned`;
    case 'accepted':
      return `${d.path}-${d.rule}-accepted`;
    case 'event':
      return `event/${d.action}`;
  }
}

/** The id of the requirement a derivation makes: `<operation id>/<suffix>`. */
export const requirementId = (d: Derivation): string => `${d.operation}/${derivedSuffix(d)}`;

const quote = (s: string) => `\`${s}\``;
/** Enums longer than this are summarised in requirement texts (the country codes have 249 values). */
const LONGEST_LISTED_ENUM = 12;
const bounds = (min?: number, max?: number, unit = '') => {
  const u = unit ? ` ${unit}` : '';
  if (min !== undefined && max !== undefined) return `${min}..${max}${u}`;
  if (min !== undefined) return `at least ${min}${u}`;
  return `at most ${max}${u}`;
};

/** What a value must satisfy under a rule, as an infinitive clause ("be 1..64 characters long"). */
export function describeRule(rule: Rule): string {
  switch (rule.kind) {
    case 'length':
      return `be ${bounds(rule.min, rule.max, rule.unit ?? 'characters')} long`;
    case 'range':
      return `be ${bounds(rule.min, rule.max)}`;
    case 'enum': {
      const shown = rule.values.slice(0, LONGEST_LISTED_ENUM).map((v) => quote(JSON.stringify(v)));
      return rule.values.length > LONGEST_LISTED_ENUM
        ? `be one of the ${rule.values.length} encoded values (${shown.slice(0, 4).join(', ')}, ...)`
        : `be one of ${shown.join(', ')}`;
    }
    case 'items':
      return `hold ${bounds(rule.min, rule.max, 'items')}${rule.unique ? ', each unique' : ''}`;
    case 'pattern':
    case 'count':
    case 'not-value':
    case 'custom':
      return rule.text;
    case 'forbidden-characters':
      return `contain none of ${rule.characters.split('').map(quote).join(' ')}`;
    case 'canonical-cidr':
      return 'be a range in canonical CIDR form';
    case 'json-length':
      return `be JSON of at most ${rule.max} characters`;
    case 'base64-decoded-length':
      return `be base64 of at most ${rule.max} bytes unencoded`;
    case 'password-strength':
      return `meet the strength requirement, else the error text is ${quote(rule.errorText)}`;
  }
}

/** Rules whose accepting side is a requirement of its own: bounds of a length, a range, a count or a size, and enums. */
export const ACCEPTING_RULE_KINDS: ReadonlySet<Rule['kind']> = new Set([
  'length',
  'json-length',
  'base64-decoded-length',
  'count',
  'range',
  'items',
  'enum',
]);

/** The `rule` of an accepted derivation that says a body without the field is accepted. */
export const OPTIONAL = 'optional';

/** What the accepting twin of a rule sends, as a clause after "accepts". */
function acceptedClause(rule: Rule, what: string): string {
  return rule.kind === 'enum'
    ? `each value ${what} may take, each in a request of its own: ${what} may ${describeRule(rule)}`
    : `${what} at each bound of what it allows and one step inside each bound: ${what} may ${describeRule(rule)}`;
}

const familyOf = (rule: Rule): Requirement['family'] => {
  switch (rule.kind) {
    case 'length':
    case 'json-length':
    case 'base64-decoded-length':
      return 'length';
    case 'range':
      return 'range';
    case 'enum':
      return 'enum';
    case 'items':
      return 'items';
    case 'canonical-cidr':
      return 'format';
    default:
      return 'pattern';
  }
};

/** Formats a server can be held to validating in requests. */
const validatedFormats = new Set(['email', 'url', 'ip', 'ipv4', 'ip-cidr', 'ipv4-cidr', 'ip-netmask', 'uuid', 'byte']);

const label = (op: Operation) => `${op.method} ${op.root === 'beta' ? '{base_url_beta}' : ''}${op.path}`;

interface Walked {
  path: string;
  field: Field;
  /** Whether every ancestor is an object member that is present (arrays of objects count). */
  requiredHere: boolean;
}

/** Visits every field of a body, naming nested fields `a.b` and array elements' members `a.b`. */
export function walkFields(fields: Field[], prefix = ''): Walked[] {
  const out: Walked[] = [];
  for (const f of fields) {
    const path = prefix ? `${prefix}.${f.name}` : f.name;
    out.push({ path, field: f, requiredHere: f.required === true });
    if (f.fields) out.push(...walkFields(f.fields, path));
    if (f.items) {
      if (f.items.fields) out.push(...walkFields(f.items.fields, path));
      else out.push({ path: `${path}.item`, field: f.items, requiredHere: false });
    }
    if (f.values?.fields) out.push(...walkFields(f.values.fields, `${path}.value`));
  }
  return out;
}

function fieldRequirements(op: Operation, make: Make): Requirement[] {
  const out: Requirement[] = [];
  const where = label(op);
  for (const { path, field } of walkFields(op.body?.fields ?? [])) {
    const subject = { kind: 'operation' as const, operation: op.id, field: path };
    if (field.required) {
      out.push(
        make(
          { kind: 'field-rule', path, rule: 'required' },
          'MUST',
          `${where} rejects a body without ${quote(path)}.`,
          subject,
          'required',
        ),
      );
    }
    if (field.type !== 'any' && path.split('.').at(-1) !== 'item') {
      // Members of free JSON may be any JSON value: the accepting side says so, `null` included.
      const free = field.values?.type === 'any' ? ', and accepts any JSON value, `null` included, as a member' : '';
      out.push(
        make(
          { kind: 'field-rule', path, rule: 'type' },
          'MUST',
          `${where} rejects ${quote(path)} when it is not ${article(field.type)}${field.nullable ? ' or null' : ''}${free}.`,
          subject,
          'type',
        ),
      );
    }
    if (field.format && validatedFormats.has(field.format)) {
      const edges = formatEdges[field.format];
      const accepts = edges ? `, and accepts every value of it (${edges.map(quote).join(', ')} included)` : '';
      out.push(
        make(
          { kind: 'field-rule', path, rule: 'format' },
          'SHOULD',
          `${where} rejects ${quote(path)} when it is not of format ${field.format}${accepts}.`,
          subject,
          'format',
        ),
      );
    }
    if (field.secret) out.push(secretRequirement(op, path, field.secret, make));
    for (const rule of field.rules ?? []) {
      out.push(
        make(
          { kind: 'field-rule', path, rule: ruleId(rule) },
          'MUST',
          `${where} requires ${quote(path)} to ${describeRule(rule)}, and rejects it otherwise.`,
          subject,
          familyOf(rule),
        ),
      );
    }
    out.push(...acceptedTwins(field.rules, 'body', path, where, subject, (rule) => familyOf(rule), make));
  }
  // Each top-level optional field: nested members follow their parent, which decides whether they are given.
  for (const field of op.body?.fields ?? []) {
    if (field.required) continue;
    out.push(
      make(
        { kind: 'accepted', in: 'body', path: field.name, rule: OPTIONAL },
        'MUST',
        `${where} accepts a body without ${quote(field.name)}, which is optional.`,
        { kind: 'operation', operation: op.id, field: field.name },
        'required',
      ),
    );
  }
  for (const rule of op.body?.rules ?? []) out.push(crossRequirement(op, rule, make));
  for (const name of op.body?.notAccepted ?? []) {
    out.push(
      make(
        { kind: 'not-accepted', path: name },
        'MUST',
        `${where} does not change ${quote(name)}, which the update does not accept.`,
        { kind: 'operation', operation: op.id, field: name },
        'not-accepted',
      ),
    );
  }
  return out;
}

/** A secret the body takes is in no answer of the operation nor in the entity read back: MUST where the documents say so. */
function secretRequirement(op: Operation, path: string, secret: Secret, make: Make): Requirement {
  const words = secret.words ? ` "${secret.words}"` : '';
  const why = secret.stated
    ? `the documents:${words}`
    : `a convention: the documents never show it in a record${words ? `, and say only${words}` : ''}`;
  return make(
    { kind: 'not-returned', path },
    secret.stated ? 'MUST' : 'SHOULD',
    `${label(op)} answers nothing that holds the ${secret.what} sent in ${quote(path)}, in any encoding, and neither does the entity read back (${why}).`,
    { kind: 'operation', operation: op.id, field: path },
    'secrecy',
    !secret.stated,
  );
}

const article = (type: string) => (/^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`);

function crossRequirement(op: Operation, rule: CrossRule, make: Make): Requirement {
  return make(
    { kind: 'cross-rule', rule: rule.id },
    rule.level ?? 'MUST',
    `${label(op)}: ${rule.text}`,
    { kind: 'operation', operation: op.id, field: rule.fields[0] ?? '' },
    'cross-field',
  );
}

function paramRequirements(op: Operation, params: Param[], where: 'path' | 'query', make: Make): Requirement[] {
  return params.flatMap((p) => {
    const subject = { kind: 'operation' as const, operation: op.id, field: p.name };
    const family = (rule: Rule) => (p.name === 'page' || p.name === 'page_size' ? 'paging' : familyOf(rule));
    return [
      ...(p.rules ?? []).map((rule) =>
        make(
          { kind: 'param-rule', in: where, path: p.name, rule: ruleId(rule) },
          'MUST',
          `${label(op)} requires the ${where} parameter ${quote(p.name)} to ${describeRule(rule)}, and rejects it otherwise.`,
          subject,
          family(rule),
        ),
      ),
      ...acceptedTwins(p.rules, where, p.name, label(op), subject, family, make),
    ];
  });
}

/** The accepting side of each rule of a field or parameter that has one (ACCEPTING_RULE_KINDS). */
function acceptedTwins(
  rules: readonly Rule[] | undefined,
  place: 'body' | 'path' | 'query',
  path: string,
  where: string,
  subject: Requirement['subject'],
  family: (rule: Rule) => Requirement['family'],
  make: Make,
): Requirement[] {
  const what = place === 'body' ? quote(path) : `the ${place} parameter ${quote(path)}`;
  return (rules ?? [])
    .filter((rule) => ACCEPTING_RULE_KINDS.has(rule.kind))
    .map((rule) =>
      make(
        { kind: 'accepted', in: place, path, rule: ruleId(rule) },
        'MUST',
        `${where} accepts ${acceptedClause(rule, what)}.`,
        subject,
        family(rule),
      ),
    );
}

type Make = (
  from: DerivedFrom,
  level: Level,
  text: string,
  subject: Requirement['subject'],
  family: Requirement['family'],
  convention?: boolean,
) => Requirement;

/** Every requirement that follows from one operation's data. */
export function deriveRequirements(op: Operation): Requirement[] {
  const make: Make = (from, level, text, subject, family, convention) => ({
    id: requirementId({ operation: op.id, ...from }),
    level,
    text,
    source: op.source,
    subject,
    family,
    derived: true,
    derivation: { operation: op.id, ...from },
    ...(convention ? { convention: true } : {}),
  });
  const on = { kind: 'operation' as const, operation: op.id };
  const where = label(op);
  const out: Requirement[] = [];

  if (op.status.kind === 'disabled') {
    out.push(make({ kind: 'disabled' }, 'MUST', `${where} is disabled: every call is refused.`, on, 'behaviour'));
    return out;
  }

  if (op.auth.token === 'required') {
    const listed = op.auth.scope !== 'none-listed';
    out.push(
      make(
        { kind: 'auth', check: 'token-required' },
        listed ? 'MUST' : 'SHOULD',
        `${where} refuses a request without a valid token.`,
        on,
        'auth',
        !listed,
      ),
    );
  } else {
    out.push(
      make(
        { kind: 'auth', check: 'anonymous-allowed' },
        'MUST',
        `${where} answers a request without a token.`,
        on,
        'auth',
      ),
    );
  }
  if (op.auth.scope !== 'none-listed' && op.auth.scope !== 'none') {
    out.push(
      make(
        { kind: 'auth', check: 'scope-required' },
        'MUST',
        `${where} refuses a token that lacks ${quote(op.auth.scope)}.`,
        on,
        'scope',
      ),
      make(
        { kind: 'auth', check: 'scope-sufficient' },
        'MUST',
        `${where} accepts a token whose only scope is ${quote(op.auth.scope)}.`,
        on,
        'scope',
      ),
    );
  }
  if (op.access.unrestrictedOnly) {
    out.push(
      make({ kind: 'unrestricted-only' }, 'MUST', `${where} refuses a restricted user.`, on, 'unrestricted-only'),
    );
  }
  if (op.access.globalGrant) {
    const g = op.access.globalGrant;
    out.push(
      make(
        { kind: 'global-grant', grant: g },
        'MUST',
        `${where} refuses a restricted user without the ${quote(g)} grant and accepts one with it.`,
        on,
        'grant',
      ),
    );
  }
  if (op.access.entity) {
    const e = op.access.entity;
    out.push(
      make(
        { kind: 'entity-permission', permission: e.permission },
        'MUST',
        `${where} refuses a restricted user without ${e.permission} on the ${e.kind} and accepts one with it.`,
        on,
        'grant',
      ),
    );
  }

  const r = op.response;
  if (r.kind === 'envelope') {
    out.push(
      make(
        { kind: 'response', shape: 'envelope' },
        'MUST',
        `${where} answers the collection envelope${r.item ? ` of ${r.item} records` : ''}.`,
        on,
        'envelope',
      ),
    );
  } else if (r.kind === 'object' && r.resource) {
    out.push(
      make({ kind: 'response', shape: 'object' }, 'MUST', `${where} answers a ${r.resource} record.`, on, 'response'),
    );
  } else if (r.kind === 'empty') {
    out.push(make({ kind: 'response', shape: 'empty' }, 'MUST', `${where} answers an empty object.`, on, 'response'));
  }

  out.push(...paramRequirements(op, op.pathParams, 'path', make));
  out.push(...paramRequirements(op, op.query, 'query', make));
  if (op.pathParams.some((p) => p.type === 'integer' && p.name.endsWith('Id'))) {
    out.push(
      make({ kind: 'unknown-id' }, 'SHOULD', `${where} answers 404 for an id that does not exist.`, on, 'status', true),
    );
  }
  out.push(...fieldRequirements(op, make));
  for (const e of op.events) {
    out.push(
      make(
        { kind: 'event', action: e.action },
        'MUST',
        `A successful ${where} emits ${quote(e.action)}${e.when ? ` (${e.when})` : ''} with the affected object as entity.`,
        { kind: 'event', action: e.action },
        'event',
      ),
    );
  }
  return out;
}
