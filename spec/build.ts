// Small constructors that keep the area files declarative: fields, rules, bodies and operations with their defaults filled in.

import { pageParam, pageSizeParam, unboundedPageParams } from './conventions.js';
import type {
  Access,
  Auth,
  Body,
  CrossRule,
  Effect,
  Emission,
  Field,
  FieldType,
  HttpMethod,
  Json,
  Operation,
  Paging,
  Param,
  Part,
  Resource,
  Response,
  Root,
  Rule,
  Scope,
  Source,
  Status,
} from './types.js';

export const source = (part: Part, section: string): Source => ({ part, section });

// Rules ---------------------------------------------------------------------------------------

export const length = (min: number | undefined, max: number | undefined): Rule => ({
  kind: 'length',
  ...(min === undefined ? {} : { min }),
  ...(max === undefined ? {} : { max }),
});
export const maxLength = (max: number): Rule => length(undefined, max);
export const range = (min: number | undefined, max: number | undefined): Rule => ({
  kind: 'range',
  ...(min === undefined ? {} : { min }),
  ...(max === undefined ? {} : { max }),
});
export const oneOf = (...values: Json[]): Rule => ({ kind: 'enum', values });
export const items = (min: number | undefined, max: number | undefined): Rule => ({
  kind: 'items',
  ...(min === undefined ? {} : { min }),
  ...(max === undefined ? {} : { max }),
});
export const matches = (id: string, regex: string, text: string): Rule => ({
  kind: 'pattern',
  id,
  regex,
  match: true,
  text,
});
export const mustNotMatch = (id: string, regex: string, text: string): Rule => ({
  kind: 'pattern',
  id,
  regex,
  match: false,
  text,
});
export const forbiddenCharacters = (characters: string): Rule => ({
  kind: 'forbidden-characters',
  characters,
});

// Fields --------------------------------------------------------------------------------------

type FieldOptions = Omit<Field, 'name' | 'type'>;

export const field = (name: string, type: FieldType, options: FieldOptions = {}): Field => ({
  name,
  type,
  ...options,
});
export const str = (name: string, options: FieldOptions = {}): Field => field(name, 'string', options);
export const int = (name: string, options: FieldOptions = {}): Field => field(name, 'integer', options);
export const bool = (name: string, options: FieldOptions = {}): Field => field(name, 'boolean', options);
export const obj = (name: string, fields: Field[], options: FieldOptions = {}): Field =>
  field(name, 'object', { ...options, fields });
export const arr = (name: string, item: Field, options: FieldOptions = {}): Field =>
  field(name, 'array', { ...options, items: item });
/** The element of an array field; its name is `item`, which is how requirement ids name it. */
export const item = (type: FieldType, options: FieldOptions = {}): Field => field('item', type, options);

/** Marks a body field required. */
export const req = (f: Field): Field => ({ ...f, required: true });

// Bodies --------------------------------------------------------------------------------------

const isAccepted = (presence: Field['create']): presence is 'required' | 'optional' =>
  presence === 'required' || presence === 'optional';

/**
 * The request body of a create or update, read off a resource's field table: `required` and
 * `optional` fields are accepted, `not accepted` ones are listed so that checks can see the stored
 * value does not change, read-only and "only via" fields are left out.
 */
export function bodyOf(
  resource: Resource,
  mode: 'create' | 'update',
  extra: { rules?: CrossRule[]; fields?: Field[]; only?: string[] } = {},
): Body {
  const fields: Field[] = [];
  const notAccepted: string[] = [];
  for (const f of resource.fields) {
    if (extra.only && !extra.only.includes(f.name)) continue;
    const presence = f[mode];
    if (isAccepted(presence)) {
      const { create: _c, update: _u, ...rest } = f;
      fields.push({ ...rest, ...(presence === 'required' ? { required: true } : {}) });
    } else if (presence === 'not-accepted') {
      notAccepted.push(f.name);
    }
  }
  const rules = [...(resource.rules ?? []), ...(extra.rules ?? [])];
  return {
    kind: 'json',
    fields: [...fields, ...(extra.fields ?? [])],
    ...(rules.length ? { rules } : {}),
    ...(notAccepted.length ? { notAccepted } : {}),
  };
}

export const jsonBody = (fields: Field[], rules?: CrossRule[]): Body => ({
  kind: 'json',
  fields,
  ...(rules?.length ? { rules } : {}),
});

// Responses -----------------------------------------------------------------------------------

export const envelopeOf = (item?: string, notShown?: string): Response => ({
  kind: 'envelope',
  ...(item ? { item } : {}),
  ...(notShown ? { notShown } : {}),
});
export const objectOf = (resource?: string, notShown?: string): Response => ({
  kind: 'object',
  ...(resource ? { resource } : {}),
  ...(notShown ? { notShown } : {}),
});
export const emptyObject: Response = { kind: 'empty' };
export const notShownResponse = (text: string): Response => ({ kind: 'not-shown', text });

// Auth ----------------------------------------------------------------------------------------

export const scoped = (scope: Scope, note?: string): Auth => ({
  token: 'required',
  scope,
  ...(note ? { note } : {}),
});
export const noScopeListed: Auth = { token: 'required', scope: 'none-listed' };
export const noAuth: Auth = { token: 'none', scope: 'none' };

// Operations ----------------------------------------------------------------------------------

export interface OperationInput {
  id: string;
  name: string;
  method: HttpMethod;
  path: string;
  /** Types of the `{params}` in the path; every one must be listed. */
  params?: Record<string, Omit<Param, 'name'> | Param['type']>;
  query?: Param[];
  paging?: Paging;
  body?: Body;
  response: Response;
  auth: Auth;
  access?: Access;
  events?: Emission[];
  status?: Status;
  effects?: Effect[];
  root?: Root;
  summary: string;
  section: string;
}

const pathParamNames = (path: string): string[] => [...path.matchAll(/\{([A-Za-z]+)\}/g)].map((m) => m[1] as string);

/** Builds the operations of one area, checking that every path parameter is typed. */
export function operations(part: Part, area: string, inputs: OperationInput[]): Operation[] {
  return inputs.map((input) => {
    const params = input.params ?? {};
    const names = pathParamNames(input.path);
    const pathParams = names.map((name): Param => {
      const declared = params[name];
      if (declared === undefined) throw new Error(`${input.id}: path parameter {${name}} has no type`);
      return typeof declared === 'string' ? { name, type: declared } : { name, ...declared };
    });
    for (const name of Object.keys(params)) {
      if (!names.includes(name)) throw new Error(`${input.id}: typed parameter ${name} is not in the path`);
    }
    const paging = input.paging ?? 'none';
    const pagingParams =
      paging === 'bounded' ? [pageParam, pageSizeParam] : paging === 'bounds-not-shown' ? unboundedPageParams : [];
    return {
      id: input.id,
      name: input.name,
      part,
      area,
      method: input.method,
      root: input.root ?? 'base',
      path: input.path,
      pathParams,
      query: [...pagingParams, ...(input.query ?? [])],
      paging,
      ...(input.body ? { body: input.body } : {}),
      response: input.response,
      auth: input.auth,
      access: input.access ?? {},
      events: input.events ?? [],
      status: input.status ?? { kind: 'stable' },
      effects: input.effects ?? [],
      summary: input.summary,
      source: source(part, input.section),
    };
  });
}
