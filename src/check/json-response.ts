// Checks that an answer is JSON: a JSON content type, and a body that parses.

import type { Exchange } from '../http/exchange.js';
import { type CheckResult, described, failed, pass } from './result.js';

const JSON_TYPE = /^application\/([\w.-]+\+)?json\s*(;|$)/i;

/** A body with a JSON content type that parses as JSON (an empty body needs neither). */
export function jsonResponse(e: Exchange): CheckResult {
  const r = e.response;
  if (!r) return { ok: 'n/a', check: 'response-json', why: 'no answer' };
  if (r.text.trim() === '') return pass;
  const type = r.headers['content-type'] ?? '';
  if (JSON_TYPE.test(type) && r.json !== undefined) return pass;
  return failed(
    'response-json',
    'a JSON body sent as application/json',
    `content-type ${JSON.stringify(type)}; ${r.json === undefined ? 'not JSON: ' : ''}${described(e)}`,
    'Response bodies are JSON sent with a JSON content type.',
    e,
  );
}
