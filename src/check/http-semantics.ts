// Checks of the HTTP-level conventions (issue 17 item 6): `Allow` on a 405, the JSON media type, the Bearer challenge of a 401, HEAD answered like GET.

import type { Exchange } from '../http/exchange.js';
import { type CheckResult, described, failed, pass } from './result.js';

/** Methods any route may add to `Allow` without having an operation for them. */
const IMPLIED = new Set(['HEAD', 'OPTIONS']);

const noAnswer = (check: string): CheckResult => ({ ok: 'n/a', check, why: 'no answer' });

/** A 405 whose `Allow` lists exactly `methods` (the route's operations), HEAD and OPTIONS aside. */
export function allowListsRouteMethods(e: Exchange, methods: readonly string[]): CheckResult {
  const r = e.response;
  if (!r) return noAnswer('allow-405');
  const want = [...new Set(methods)].sort();
  const header = r.headers.allow;
  const listed = (header ?? '')
    .split(',')
    .map((m) => m.trim().toUpperCase())
    .filter((m) => m && !IMPLIED.has(m));
  const got = [...new Set(listed)].sort();
  if (r.status === 405 && header !== undefined && got.join() === want.join()) return pass;
  return failed(
    'allow-405',
    `405 with Allow: ${want.join(', ')}`,
    `${r.status} with ${header === undefined ? 'no Allow header' : `Allow: ${header}`}`,
    "A method the route does not take gets 405, and Allow names the route's methods, no more and no fewer.",
    e,
  );
}

/**
 * An OPTIONS answer that names methods (a 2xx with `Allow`) names exactly `methods`, HEAD and OPTIONS
 * aside; a server need not answer OPTIONS at all, so any other answer judges nothing.
 */
export function optionsListsRouteMethods(e: Exchange, methods: readonly string[]): CheckResult {
  const r = e.response;
  if (!r) return noAnswer('options-allow');
  const header = r.headers.allow;
  if (r.status < 200 || r.status >= 300 || header === undefined)
    return { ok: 'n/a', check: 'options-allow', why: `status ${r.status}${header === undefined ? ', no Allow' : ''}` };
  const want = [...new Set(methods)].sort();
  const got = [...new Set(header.split(',').map((m) => m.trim().toUpperCase()))].filter((m) => m && !IMPLIED.has(m));
  if (got.sort().join() === want.join()) return pass;
  return failed(
    'options-allow',
    `Allow: ${want.join(', ')}`,
    `Allow: ${header}`,
    "OPTIONS names the methods of the resource the path addresses, not those of a templated sibling's.",
    e,
  );
}

const JSON_MEDIA_TYPE = /^application\/json\s*(;|$)/i;

/** An answer whose body is JSON says `application/json` (parameters such as charset allowed). */
export function jsonMediaType(e: Exchange): CheckResult {
  const r = e.response;
  if (!r) return noAnswer('json-media-type');
  if (r.json === undefined) return { ok: 'n/a', check: 'json-media-type', why: 'the body is not JSON' };
  const type = r.headers['content-type'];
  if (type !== undefined && JSON_MEDIA_TYPE.test(type)) return pass;
  return failed(
    'json-media-type',
    'Content-Type: application/json',
    `Content-Type ${type === undefined ? 'absent' : JSON.stringify(type)} on ${r.status}`,
    'A JSON body is labelled application/json, so generic clients parse it.',
    e,
  );
}

/** A 401 carries `WWW-Authenticate` with the Bearer scheme. */
export function bearerChallenge(e: Exchange): CheckResult {
  const r = e.response;
  if (!r) return noAnswer('www-authenticate-401');
  if (r.status !== 401) return { ok: 'n/a', check: 'www-authenticate-401', why: `status ${r.status}, not 401` };
  const header = r.headers['www-authenticate'];
  if (header !== undefined && /(^|,)\s*bearer\b/i.test(header)) return pass;
  return failed(
    'www-authenticate-401',
    'WWW-Authenticate: Bearer',
    header === undefined ? 'no WWW-Authenticate header' : `WWW-Authenticate: ${header}`,
    'A 401 tells the client which scheme to authenticate with (RFC 9110 section 11.6.1).',
    e,
  );
}

/** HEAD answered as GET was: same status and content type, and no body. */
export function headLikeGet(head: Exchange, get: Exchange): CheckResult {
  const h = head.response;
  const g = get.response;
  if (!g) return noAnswer('head');
  const sameType = (h?.headers['content-type'] ?? '') === (g.headers['content-type'] ?? '');
  if (h && h.status === g.status && h.text === '' && sameType) return pass;
  return failed(
    'head',
    `HEAD answered like GET: ${g.status}, ${g.headers['content-type'] ?? 'no content type'}, no body`,
    h
      ? `${h.status}, ${h.headers['content-type'] ?? 'no content type'}, ${h.text.length}-character body`
      : described(head),
    'HEAD is answered wherever GET is, with the same status and headers and without a body.',
    head,
  );
}
