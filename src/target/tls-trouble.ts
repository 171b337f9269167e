// What a failed TLS connection to the target means, said in one line: a certificate from an authority this machine does not trust, one for another host, one out of its dates, or no TLS at all; the way out is to trust the authority (--ca FILE or NODE_EXTRA_CA_CERTS), never to turn verification off.

import { inertLine } from '../http/inert.js';

/** Node's codes for a chain that ends at no authority it trusts (self-signed, a private CA, a missing intermediate). */
const UNKNOWN_AUTHORITY = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_UNTRUSTED',
  'CERT_SIGNATURE_FAILURE',
]);

const OUT_OF_DATE = new Set(['CERT_HAS_EXPIRED', 'CERT_NOT_YET_VALID']);

/** An answer that is no TLS record: a plain HTTP server at an https URL. */
const NOT_TLS = new Set(['ERR_SSL_WRONG_VERSION_NUMBER', 'ERR_SSL_PACKET_LENGTH_TOO_LONG', 'ERR_SSL_HTTP_REQUEST']);

const TRUST =
  "give cloudconf its authority's certificate with --ca FILE (or NODE_EXTRA_CA_CERTS=FILE); certificates are always verified";

/**
 * The one line that says what went wrong with the target's TLS, or undefined when the error is no
 * TLS trouble. `error` is a transport error as the HTTP client records it (`code`, `message`).
 */
export function tlsTrouble(url: string, error: { code: string; message: string } | undefined): string | undefined {
  if (!error) return undefined;
  const { code } = error;
  const origin = URL.canParse(url) ? new URL(url).origin : url;
  if (UNKNOWN_AUTHORITY.has(code))
    return `the TLS certificate of ${origin} is signed by an authority this machine does not trust (${code}): ${TRUST}`;
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID')
    return `the TLS certificate of ${origin} is for another host name (${code}): is --base-url the target's own name?`;
  if (OUT_OF_DATE.has(code))
    return `the TLS certificate of ${origin} is ${code === 'CERT_HAS_EXPIRED' ? 'expired' : 'not valid yet'} (${code}): the target must renew it (or the machine's clock is wrong)`;
  if (code === 'CERT_REVOKED') return `the TLS certificate of ${origin} is revoked (${code})`;
  if (NOT_TLS.has(code) || /wrong version number|packet length too long|http request/i.test(error.message))
    return `${origin} does not answer TLS (${code}): does it serve plain HTTP (http:// rather than https://)?`;
  if (code.startsWith('ERR_TLS_') || code.startsWith('ERR_SSL_') || code === 'EPROTO')
    return `the TLS connection to ${origin} failed (${code}: ${inertLine(error.message)})`;
  return undefined;
}
