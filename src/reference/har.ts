// Keeps what the reference server served and writes it as a HAR 1.2 log (`serve --har FILE`), headers as recorded (the token redacted).

import { TOOL_VERSION } from '../version.js';
import type { ServedExchange } from './served.js';

const pairs = (headers: Record<string, string>) => Object.entries(headers).map(([name, value]) => ({ name, value }));

function entry(x: ServedExchange, origin: string) {
  const url = new URL(x.url, origin);
  const requestType = x.requestHeaders['content-type'];
  return {
    startedDateTime: x.startedAt.toISOString(),
    time: x.ms,
    request: {
      method: x.method,
      url: url.href,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: pairs(x.requestHeaders),
      queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
      ...(x.requestBody ? { postData: { mimeType: requestType ?? '', text: x.requestBody } } : {}),
      headersSize: -1,
      bodySize: Buffer.byteLength(x.requestBody),
    },
    response: {
      status: x.status,
      statusText: x.status === 0 ? 'connection dropped' : '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: pairs(x.responseHeaders),
      content: {
        size: Buffer.byteLength(x.responseBody),
        mimeType: x.responseHeaders['content-type'] ?? '',
        text: x.responseBody,
      },
      redirectURL: '',
      headersSize: -1,
      bodySize: Buffer.byteLength(x.responseBody),
    },
    cache: {},
    timings: { send: 0, wait: x.ms, receive: 0 },
    ...(x.injected ? { comment: `injected: ${x.injected}` } : {}),
  };
}

/** Collects exchanges (`add` is an `onExchange` hook) and renders them as a HAR document. */
export class HarRecorder {
  private readonly served: ServedExchange[] = [];

  readonly add = (x: ServedExchange): void => {
    this.served.push(x);
  };

  /** The HAR document; `origin` (`http://127.0.0.1:8080`) makes the request URLs absolute. */
  toHar(origin: string) {
    return {
      log: {
        version: '1.2',
        creator: { name: 'cloudconf serve', version: TOOL_VERSION },
        entries: this.served.map((x) => entry(x, origin)),
      },
    };
  }
}
