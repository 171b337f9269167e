// The vocabulary in which the Cloud Account API is written down as data: operations, fields, rules, state tables, events, requirements.

export type Part = 1 | 2 | 3;
export type Level = 'MUST' | 'SHOULD' | 'MAY';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Where a clause comes from: the part and the section heading path (never a section number). */
export interface Source {
  part: Part;
  section: string;
}

/** A value that can be written as JSON. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

// ---------------------------------------------------------------------------------------------
// Fields and rules

export type FieldType = 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array' | 'any';

/** String formats the documents name. `ip-cidr` is "IP range" / CIDR, `ip-netmask` is "ip/netmask". */
export type Format =
  | 'date-time'
  | 'email'
  | 'url'
  | 'ip'
  | 'ipv4'
  | 'ip-cidr'
  | 'ipv4-cidr'
  | 'ip-netmask'
  | 'uuid'
  | 'byte'
  | 'password'
  | 'phone';

/**
 * A rule on one value. Each rule becomes one requirement per operation that accepts the field,
 * and one family of generated violations. `id` names the rule inside its field ("length",
 * "forbidden-characters"); it is part of the requirement id, so it must stay stable.
 */
export type Rule =
  | { kind: 'length'; id?: string; min?: number; max?: number; unit?: 'characters' | 'bytes' }
  | { kind: 'range'; id?: string; min?: number; max?: number }
  | { kind: 'enum'; id?: string; values: readonly Json[] }
  | { kind: 'items'; id?: string; min?: number; max?: number; unique?: boolean }
  | {
      kind: 'pattern';
      id: string;
      /** ECMAScript regular expression source (with the `u` flag), anchored where it must be. */
      regex: string;
      /** Whether the value must match (true) or must not match (false). */
      match: boolean;
      text: string;
    }
  | { kind: 'forbidden-characters'; id?: string; characters: string }
  | {
      kind: 'count';
      id: string;
      /** Characters counted, as a regular expression character class source, e.g. `[A-Za-z0-9]`. */
      charClass: string;
      max: number;
      text: string;
    }
  | { kind: 'canonical-cidr'; id?: string }
  | { kind: 'json-length'; id?: string; max: number }
  | { kind: 'base64-decoded-length'; id?: string; max: number }
  | { kind: 'password-strength'; id?: string; errorText: string }
  | { kind: 'not-value'; id: string; values: readonly Json[]; text: string }
  | {
      /** A rule the value must satisfy that needs a named check (stated in text); `check` is a stable name. */
      kind: 'custom';
      id: string;
      check: string;
      text: string;
      /** Numbers and values the check needs, as data (e.g. the bounds of a payment amount). */
      params?: { [key: string]: Json };
    };

/**
 * How a resource field behaves on create and update. `via` names the operation that is the only
 * way to set it (managed credential password: only through the username-and-password update).
 */
export type Presence = 'required' | 'optional' | 'not-accepted' | 'read-only' | { via: string };

/**
 * A value the API takes and must not give back (a password, a card number): no answer after it is
 * sent, nor the entity read back, may hold it. A requirement per operation that takes it follows.
 */
export interface Secret {
  /** What the value is, for requirement texts ("root password", "card number"). */
  what: string;
  /** The documents' words about it, quoted in the requirement text. */
  words?: string;
  /**
   * Whether those words say it is never returned: the requirement is then MUST; otherwise not
   * giving it back is a SHOULD convention (the documents never show it in a record).
   */
  stated?: boolean;
}

export interface Field {
  name: string;
  type: FieldType;
  format?: Format;
  nullable?: boolean;
  /** In a request body: whether the field must be present. */
  required?: boolean;
  /** On a resource: how create and update treat the field. */
  create?: Presence;
  update?: Presence;
  default?: Json;
  /** A default the document states in words (e.g. "the instance's total RAM"). */
  defaultText?: string;
  rules?: Rule[];
  /** Element of an array field. */
  items?: Field;
  /** Members of an object field. */
  fields?: Field[];
  /** Value type of an object whose keys are free (e.g. `stackscript_data`). */
  values?: Field;
  description?: string;
  /** What the document says is not shown about this field (value shape, meaning). */
  notShown?: string;
  /** A secret the API takes and never gives back (`spec/derive.ts` makes `<op>/<path>-not-returned`). */
  secret?: Secret;
}

/**
 * A rule across several fields of one body. `kind` names the evaluator and decides which parameters
 * it takes; `fields` the fields it reads (the first is the field an error should name).
 */
export type CrossRule = CrossRuleBase &
  (
    | { kind: 'exclusive' }
    | { kind: 'required-if'; params: RequiredIf }
    | { kind: 'forbidden-if'; params: ForbiddenIf }
    | { kind: 'not-in-past'; params: NotInPast }
    | { kind: 'unique-among'; params: UniqueAmong }
    | { kind: 'conditional-values'; params: ConditionalValues }
    | { kind: 'custom'; params: CustomCross }
  );

export type CrossRuleKind = CrossRule['kind'];

/** The parameters each kind of cross rule takes (`exclusive` takes none). */
export interface CrossRuleParams {
  'required-if': RequiredIf;
  'forbidden-if': ForbiddenIf;
  'not-in-past': NotInPast;
  'unique-among': UniqueAmong;
  'conditional-values': ConditionalValues;
  custom: CustomCross;
}

interface CrossRuleBase {
  id: string;
  fields: string[];
  text: string;
  level?: Level;
}

/** A rule judged item by item: `each` names the array of the body (absent when the body is the item), `purpose` the items it concerns. */
export interface PerItem {
  each?: string;
  purpose?: string;
}

/** A field required when another is present or absent, when a value is long enough, or when a stated condition holds. */
export interface RequiredIf extends PerItem {
  ifPresent?: string;
  ifAbsent?: string;
  /** The shortest value that counts as given (a VLAN label of at least one character). */
  minLength?: number;
  /** The field required, the condition in words and the value it compares (the CVV of a credit card). */
  required?: string;
  when?: string;
  equals?: Json;
}

/** A field forbidden when another is present, when a field matches a pattern, or fields forbidden under a setting. */
export interface ForbiddenIf {
  ifPresent?: string;
  /** Field → ECMAScript pattern source that forbids the rule's field when it matches. */
  ifMatches?: { [field: string]: string };
  ifField?: string;
  matches?: string;
  /** Member values that forbid `slots` (full virtualisation forbids the slots past sdd). */
  when?: { [field: string]: Json };
  slots?: string[];
}

/** A date written as year and month fields that must not lie before the current month. */
export interface NotInPast {
  year: string;
  month: string;
  granularity: 'month';
}

/** A value unique among what `among` says in words, or among the items of `each`. */
export interface UniqueAmong extends PerItem {
  among?: string;
}

/** Values allowed by the value of `keyField` (state codes by country), or by the items' purposes. */
export interface ConditionalValues extends PerItem {
  keyField?: string;
  values?: { [key: string]: string[] };
  purposes?: Json[];
  allowed?: Json[];
}

/** A rule with a named check (`check`) and the numbers it needs: counts, ranges, a status to answer. */
export interface CustomCross extends PerItem {
  check?: string;
  privateRanges?: string[];
  max?: number;
  maxTrue?: number;
  maxConcurrent?: number;
  status?: number;
}

export interface Resource {
  /** Stable name, e.g. `vpc`, `vpc-subnet`. */
  id: string;
  title: string;
  source: Source;
  fields: Field[];
  rules?: CrossRule[];
  /** The document does not list the record's fields (responses are then permissive). */
  notShown?: string;
}

// ---------------------------------------------------------------------------------------------
// Operations

export type Root = 'base' | 'beta';

export interface Param {
  name: string;
  type: 'integer' | 'string';
  format?: 'ip' | 'uuid';
  rules?: Rule[];
  default?: Json;
  required?: boolean;
  description?: string;
}

/** `bounds-not-shown`: the list takes page and page_size but the document shows no bounds. */
export type Paging = 'bounded' | 'bounds-not-shown' | 'none';

export interface Body {
  /** `json` for application/json bodies; `file` for an uploaded image (thumbnail). */
  kind: 'json' | 'file';
  fields: Field[];
  rules?: CrossRule[];
  /** Fields documented as not accepted in this body: their stored value must not change. */
  notAccepted?: string[];
  notShown?: string;
}

export type Response =
  | { kind: 'envelope'; item?: string; notShown?: string }
  | { kind: 'object'; resource?: string; notShown?: string }
  | { kind: 'array'; item?: string; notShown?: string }
  | { kind: 'empty' }
  | { kind: 'not-shown'; text: string };

/**
 * How the reference server answers where the documents do not show the shape (DECISIONS 18): not
 * shown, served as this. For code generators and the fake's users; no requirement ever judges a
 * target by it (`spec/served.ts` holds the data).
 */
export type Served =
  /** One record: a record of `spec/served.ts` or a documented resource. */
  | { kind: 'record'; record: string }
  /** The collection envelope of such records. */
  | { kind: 'list'; record: string }
  /** An empty object, `{}`. */
  | { kind: 'empty' }
  /** Bytes of the media type they were uploaded with. */
  | { kind: 'bytes' };

/** A record the reference server answers with that the documents do not show (or show in part). */
export interface ServedRecord {
  id: string;
  title: string;
  /** A documented resource whose fields it has too, as documented; `fields` are then the ones it adds. */
  extends?: string;
  /** The fields as served; each is marked not in the documents in every export. */
  fields: Field[];
}

export type Area = 'vpc' | 'ips' | 'stackscripts' | 'account' | 'nodes' | 'events';

export type Scope = `${Area}:${'read_only' | 'read_write'}`;

/**
 * `required`: a valid token is needed; `scope` lists the one the document gives, or `none-listed`.
 * `optional`: works without a token (with different results). `none`: no authentication.
 */
export interface Auth {
  token: 'required' | 'optional' | 'none';
  scope: Scope | 'none-listed' | 'none';
  /** How the document writes it, where that says more than the scope (e.g. "(as listed)"). */
  note?: string;
}

export type GlobalGrant =
  | 'add_databases'
  | 'add_domains'
  | 'add_firewalls'
  | 'add_images'
  | 'add_nodes'
  | 'add_longview'
  | 'add_nodebalancers'
  | 'add_stackscripts'
  | 'add_volumes'
  | 'add_vpcs'
  | 'cancel_account'
  | 'longview_subscription';

export type EntityKind =
  | 'database'
  | 'domain'
  | 'image'
  | 'node'
  | 'longview'
  | 'nodebalancer'
  | 'stackscript'
  | 'volume'
  | 'vpc';

export interface Access {
  /** Only unrestricted users may call it. */
  unrestrictedOnly?: boolean;
  /** A global grant a restricted user needs. */
  globalGrant?: GlobalGrant;
  /** How the document names the grant, where that differs from the grants field. */
  grantAsWritten?: string;
  /** The per-entity permission a restricted user needs on the entity in the path. */
  entity?: { kind: EntityKind; param: string; permission: 'read_only' | 'read_write' };
  note?: string;
}

export type Status =
  | { kind: 'stable' }
  | { kind: 'beta' }
  | { kind: 'deprecated'; replacement: string[] }
  | { kind: 'disabled' };

/** What sending the operation costs or risks; `--mode safe` reads these. */
export type Effect = 'billing' | 'destructive' | 'sends-email' | 'irreversible' | 'account-wide';

export interface Emission {
  action: string;
  /** When the event is emitted, in words (e.g. "one per subnet created with it"). */
  when?: string;
  /** How many: `one`, or `per` something the body lists. */
  count?: 'one' | { per: string };
}

export interface Operation {
  /** Stable slug, e.g. `vpcs/create`; requirement ids of this operation start with it. */
  id: string;
  /** The document's name for it, used by state tables (e.g. "VPC Delete"). */
  name: string;
  part: Part;
  /** API area file it belongs to (`vpcs`, `stackscripts`, ...). */
  area: string;
  method: HttpMethod;
  root: Root;
  path: string;
  pathParams: Param[];
  query: Param[];
  paging: Paging;
  body?: Body;
  response: Response;
  auth: Auth;
  access: Access;
  events: Emission[];
  status: Status;
  effects: Effect[];
  summary: string;
  source: Source;
}

// ---------------------------------------------------------------------------------------------
// State tables, events, errors, limits

export interface Transition {
  id: string;
  /** The row as the document writes it: state (or subject), trigger, condition. */
  row: { state: string; trigger: string; condition: string };
  /** Operation id that triggers it, or a named non-API trigger (`expiration`, `boot-with-profile`). */
  trigger: string;
  from: string;
  to: string;
  condition?: string;
  also?: string;
}

export interface StateTable {
  id: string;
  subject: string;
  source: Source;
  /** State values the document names. */
  states: string[];
  transitions: Transition[];
  notShown?: string;
}

export interface EventKind {
  action: string;
  part: Part;
  /** Operation ids that emit it. */
  emittedBy: string[];
  when?: string;
  source: Source;
}

export interface ErrorCase {
  id: string;
  part: Part;
  /** The Errors table row as written: condition and behaviour. */
  condition: string;
  behaviour: string;
  /** Operation ids it concerns. */
  operations: string[];
  /** A status the document fixes (only the two HTTP 400 cases of Part 3). */
  status?: number;
  /** An error text the document fixes. */
  reason?: string;
  /** Requirement ids that test this row. */
  requirements: string[];
}

export interface LimitRow {
  part: Part;
  /** The Limits table row as written. */
  item: string;
  limit: string;
  /** Where the encoding holds these numbers: `resource.field` or `operation-id#field` paths. */
  encodedAt: string[];
  /** The numbers of the row, in order; a self-test compares them with the document. */
  numbers: number[];
  /** Rows the API cannot show (time, history windows) name the requirement or exclusion instead. */
  note?: string;
}

// ---------------------------------------------------------------------------------------------
// Requirements

/** What a requirement is about; the registry checks that each one exists. */
export type Subject =
  | { kind: 'operation'; operation: string; field?: string }
  | { kind: 'resource'; resource: string; field?: string }
  | { kind: 'state-table'; table: string; transition?: string }
  | { kind: 'event'; action: string }
  | { kind: 'convention'; convention: string };

/**
 * A family groups requirements for fault coverage and for the generator that tests them.
 * The fault catalogue must cover every family.
 */
export type Family =
  | 'length'
  | 'range'
  | 'enum'
  | 'items'
  | 'pattern'
  | 'format'
  | 'type'
  | 'required'
  | 'cross-field'
  | 'not-accepted'
  | 'envelope'
  | 'paging'
  | 'error-shape'
  | 'status'
  | 'auth'
  | 'scope'
  | 'grant'
  | 'unrestricted-only'
  | 'event'
  | 'state'
  | 'response'
  | 'persistence'
  | 'secrecy'
  | 'behaviour';

/**
 * How a derived requirement follows from its operation's data. The requirement id is a rendering of
 * it (`requirementId` in derive.ts); code that needs the operation, field path or rule reads this,
 * never the id. `rule` of a value rule is `required`, `type`, `format` or the rule's id (`ruleId`).
 */
export type Derivation = { operation: string } & DerivedFrom;

/** A derivation without its operation: what a violation of one body or value names. */
export type DerivedFrom =
  | { kind: 'disabled' }
  | { kind: 'auth'; check: 'token-required' | 'anonymous-allowed' | 'scope-required' | 'scope-sufficient' }
  | { kind: 'unrestricted-only' }
  | { kind: 'global-grant'; grant: GlobalGrant }
  | { kind: 'entity-permission'; permission: 'read_only' | 'read_write' }
  | { kind: 'response'; shape: 'envelope' | 'object' | 'empty' }
  | { kind: 'unknown-id' }
  | { kind: 'param-rule'; in: 'path' | 'query'; path: string; rule: string }
  | BodyDerivation
  | AcceptedDerivation
  | { kind: 'not-accepted'; path: string }
  | { kind: 'not-returned'; path: string }
  | { kind: 'event'; action: string };

/**
 * The accepting side of a value rule: values the rule allows, at each of its bounds and just inside
 * them, or each member of an enum, are accepted; `rule` is the rule's id, or `optional` for a body
 * field the documents mark optional (a body without it is accepted). `in` says where the value goes.
 */
export type AcceptedDerivation = { kind: 'accepted'; in: 'body' | 'path' | 'query'; path: string; rule: string };

/** What a body violation breaks: a rule on one field (or a parameter value), or a cross rule. */
export type BodyDerivation = { kind: 'field-rule'; path: string; rule: string } | { kind: 'cross-rule'; rule: string };

export type DerivationKind = Derivation['kind'];

export interface Requirement {
  /** Stable slug shaped like a path, e.g. `vpcs/create/label-length`. */
  id: string;
  level: Level;
  /** One sentence, readable without the code. */
  text: string;
  source: Source;
  subject: Subject;
  family: Family;
  /** Derived from the operation data (true) or written from prose (false). */
  derived?: boolean;
  /** For a derived requirement: what it is derived from (its id renders this). */
  derivation?: Derivation;
  /** A convention the documents leave unstated (DESIGN section 3). */
  convention?: boolean;
  /** The area file it belongs to (`vpcs`, ..., or `conventions`); the registry fills it in. */
  area?: string;
}

export interface Exclusion {
  requirement: string;
  /** Why it cannot be observed through the API. */
  reason: string;
  group: 'email' | 'billing' | 'time' | 'external' | 'internal' | 'disabled';
}

/** A place where the document says "not shown": nothing may be asserted there. */
export interface NotShown {
  subject: string;
  what: string;
  source: Source;
}

/** Where the documents are ambiguous, and how the encoding reads them. */
export interface Ambiguity {
  id: string;
  source: Source;
  question: string;
  encoding: string;
}

/** One API area as a spec module exports it. */
export interface AreaSpec {
  /** File name of the area (`vpcs`), the same in spec/, reference/model, reference/routes, suites. */
  name: string;
  part: Part;
  resources: Resource[];
  operations: Operation[];
  /** Requirements written from prose; the derived ones are computed from the operations. */
  requirements: Requirement[];
  stateTables: StateTable[];
  events: EventKind[];
  errors: ErrorCase[];
  limits: LimitRow[];
  notShown: NotShown[];
  ambiguities: Ambiguity[];
}
