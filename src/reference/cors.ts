// CORS for browser clients of the reference server: which origins may call it, the answer to a preflight, and the cross-origin guard of the control interface.

import type { IncomingMessage } from 'node:http';

/** `'*'` for any origin, or the one origin allowed. */
export interface CorsPolicy {
  origin: string;
  /** Whether cross-origin pages may use the control interface too. */
  control: boolean;
}

/** Headers a browser client may read besides the safelisted ones: retry logic needs Retry-After. */
const EXPOSED = 'Retry-After, Allow, WWW-Authenticate, Content-Length';

const originOf = (req: IncomingMessage) => req.headers.origin;

/** An Origin header naming another origin than the server's own (a page served elsewhere). */
export function isCrossOrigin(req: IncomingMessage): boolean {
  const origin = originOf(req);
  return origin !== undefined && origin !== `http://${req.headers.host ?? ''}`;
}

/** The CORS headers of an answer to this request, or none when the policy does not admit its origin. */
export function corsHeaders(policy: CorsPolicy | undefined, req: IncomingMessage): Record<string, string> {
  const origin = originOf(req);
  if (!policy || origin === undefined) return {};
  if (policy.origin !== '*' && policy.origin !== origin) return {};
  return {
    'access-control-allow-origin': policy.origin === '*' ? '*' : origin,
    'access-control-expose-headers': EXPOSED,
    ...(policy.origin === '*' ? {} : { vary: 'Origin' }),
  };
}

/** A CORS preflight: OPTIONS with an Origin and the method the page wants to send. */
export const isPreflight = (req: IncomingMessage) =>
  req.method === 'OPTIONS' && originOf(req) !== undefined && req.headers['access-control-request-method'] !== undefined;

/** The headers of a 204 preflight answer: the route's own methods and whatever headers the page asked for. */
export function preflightHeaders(
  policy: CorsPolicy | undefined,
  req: IncomingMessage,
  methods: readonly string[],
): Record<string, string> {
  const base = corsHeaders(policy, req);
  if (!base['access-control-allow-origin']) return {};
  const asked = req.headers['access-control-request-headers'];
  return {
    ...base,
    'access-control-allow-methods': methods.join(', '),
    ...(asked ? { 'access-control-allow-headers': asked } : {}),
    'access-control-max-age': '600',
  };
}
