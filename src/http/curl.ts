// Renders an exchange's request as a curl command a person can paste; the token is read from $CLOUDCONF_TOKEN.

import type { RecordedRequest } from './exchange.js';

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export function curlLine(request: RecordedRequest): string {
  const parts = ['curl', '-sS', '-X', request.method, shellQuote(request.url)];
  for (const [name, value] of Object.entries(request.headers)) {
    if (name.toLowerCase() === 'authorization') parts.push('-H', '"Authorization: Bearer $CLOUDCONF_TOKEN"');
    else parts.push('-H', shellQuote(`${name}: ${value}`));
  }
  if (request.body !== undefined) parts.push('--data-raw', shellQuote(request.body));
  return parts.join(' ');
}
