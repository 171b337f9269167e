// Keeps secrets out of the proxy's recording: the tokens of credential headers wherever they reappear, and the values of secret members of JSON bodies (src/http/redact.ts says which).

import type { Exchange } from '../http/exchange.js';
import { REDACTED, Redactor } from '../http/redact.js';
import { parsedJson } from './recorded.js';

const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie']);

export class RecordingRedactor {
  private readonly secrets = new Redactor();

  /** A header value with its credentials hidden; `Bearer <token>` keeps its scheme and teaches the token. */
  private header(value: string): string {
    const credentials = /^(\S+)\s+(\S+)$/.exec(value);
    if (!credentials?.[2]) return REDACTED;
    this.secrets.add(credentials[2]);
    return `${credentials[1]} ${REDACTED}`;
  }

  private headers(headers: Record<string, string>): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers))
      out[name] = CREDENTIAL_HEADERS.has(name) ? this.header(value) : value;
    return out;
  }

  /** Learns the values of secret members of a JSON body. */
  private learn(value: unknown): void {
    try {
      this.secrets.addFrom(value);
    } catch {
      // Nested deeper than the stack (a hostile body; no documented one is): its secrets stay unlearnt.
    }
  }

  /** Learns the secrets an exchange carries and returns it redacted with every secret known so far. */
  redact(e: Exchange): Exchange {
    if (e.request.body !== undefined) this.learn(parsedJson(e.request.body));
    if (e.response) this.learn(e.response.json);
    return this.again({
      ...e,
      request: { ...e.request, headers: this.headers(e.request.headers) },
      ...(e.response ? { response: { ...e.response, headers: this.headers(e.response.headers) } } : {}),
    });
  }

  /** The exchange with every secret known now hidden, also those learnt after it was recorded. */
  again(e: Exchange): Exchange {
    const request = {
      ...e.request,
      url: this.secrets.text(e.request.url),
      ...(e.request.body === undefined ? {} : { body: this.secrets.text(e.request.body) }),
    };
    if (!e.response) return { ...e, request };
    const { json: _before, ...answer } = e.response;
    const text = this.secrets.text(answer.text);
    const json = parsedJson(text);
    return { ...e, request, response: { ...answer, text, ...(json === undefined ? {} : { json }) } };
  }
}
