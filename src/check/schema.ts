// Checks a response body against the schema the encoding gives the operation's response; validators are compiled once per operation.

import type { ValidateFunction } from 'ajv';
import { resourceById } from '../../spec/index.js';
import { envelopeSchema, resourceSchema, type Schema } from '../../spec/json-schema.js';
import type { Operation } from '../../spec/types.js';
import type { Exchange } from '../http/exchange.js';
import { createAjv } from './ajv.js';
import { type CheckResult, described, failed, pass } from './result.js';

const ajv = createAjv();
const validators = new Map<string, ValidateFunction | null>();

/** The schema of a successful answer, or undefined where the documents do not show it. */
export function responseSchemaOf(op: Operation): Schema | undefined {
  const r = op.response;
  const item = (id?: string) => {
    const res = id ? resourceById.get(id) : undefined;
    return res ? resourceSchema(res) : { type: 'object' };
  };
  switch (r.kind) {
    case 'envelope':
      return envelopeSchema(item(r.item));
    case 'array':
      return { type: 'array', items: item(r.item) };
    case 'object':
      return r.resource ? item(r.resource) : { type: 'object' };
    case 'empty':
      return { type: 'object', maxProperties: 0 };
    case 'not-shown':
      return undefined;
  }
}

function validatorOf(op: Operation): ValidateFunction | null {
  let v = validators.get(op.id);
  if (v === undefined) {
    const schema = responseSchemaOf(op);
    v = schema ? ajv.compile(schema) : null;
    validators.set(op.id, v);
  }
  return v;
}

/** The body of a 2xx answer validates against the documented response schema. */
export function responseMatchesSchema(op: Operation, e: Exchange): CheckResult {
  const validate = validatorOf(op);
  if (!validate) return { ok: 'n/a', check: 'response-schema', why: 'the documents do not show this response' };
  const body = e.response?.json;
  if (body === undefined) {
    return failed('response-schema', 'a JSON body', described(e), 'The answer is not JSON.', e);
  }
  if (validate(body)) return pass;
  const errors = (validate.errors ?? [])
    .slice(0, 5)
    .map((x) => `${x.instancePath || '/'} ${x.message}`)
    .join('; ');
  return failed(
    'response-schema',
    `a body matching the ${op.response.kind} schema`,
    errors,
    'Compare the record with the field table of the document.',
    e,
  );
}
