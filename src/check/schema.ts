// Checks a response body against the schema the encoding gives the operation's response; validators are compiled once per operation.

import type { ValidateFunction } from 'ajv';
import { documentedOnly, type Schema } from '../../spec/json-schema.js';
import { inlineRecord, successResponse } from '../../spec/responses.js';
import type { Operation } from '../../spec/types.js';
import type { Exchange } from '../http/exchange.js';
import { createAjv } from './ajv.js';
import { type CheckResult, described, failed, pass } from './result.js';

const ajv = createAjv();
const validators = new Map<string, ValidateFunction | null>();

/**
 * The schema of a successful answer as the documents show it, or undefined where they do not show
 * it: what spec/served.ts adds (the reference server's answer, marked not in the documents) is
 * taken out, so no target is judged by it.
 */
export function responseSchemaOf(op: Operation): Schema | undefined {
  if (op.response.kind === 'not-shown') return undefined;
  return documentedOnly(successResponse(op, inlineRecord).schema);
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
