// Self-test of the proxy settings users set in CI: with HTTP_PROXY named, requests go through that proxy; a host NO_PROXY names is reached directly.

import { createServer, request as forward } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { afterEach, expect, test } from 'vitest';
import { HttpClient } from './client.js';

const PROXY_VARIABLES = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy', 'NO_PROXY', 'no_proxy'];
const saved = Object.fromEntries(PROXY_VARIABLES.map((name) => [name, process.env[name]]));
const closers: (() => void)[] = [];

afterEach(() => {
  for (const close of closers.splice(0)) close();
  for (const name of PROXY_VARIABLES) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

async function listen(server: ReturnType<typeof createServer>): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => {
    server.closeAllConnections();
    server.close();
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const target = () =>
  listen(
    createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end('{"data":[]}');
    }),
  );

/** A forward proxy that tunnels CONNECT and relays absolute-form requests, and records each authority it was asked for. */
async function proxy(): Promise<{ url: string; asked: string[] }> {
  const asked: string[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '');
    asked.push(url.host);
    const out = forward(url, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    req.pipe(out);
  });
  server.on('connect', (req, client, head) => {
    asked.push(req.url ?? '');
    const [host, port] = (req.url ?? '').split(':');
    const upstream = connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  return { url: await listen(server), asked };
}

async function get(url: string): Promise<number> {
  const client = new HttpClient({ timeoutMs: 2_000, retries: 0 });
  try {
    return (await client.send({ method: 'GET', url: `${url}/v4/regions` })).response?.status ?? 0;
  } finally {
    await client.close();
  }
}

test('with HTTP_PROXY set, requests to the target go through the proxy', async () => {
  const [base, via] = await Promise.all([target(), proxy()]);
  process.env.HTTP_PROXY = via.url;
  expect(await get(base)).toBe(200);
  expect(via.asked).toContain(new URL(base).host);
});

test('a host NO_PROXY names is reached directly, not through the proxy', async () => {
  const [base, via] = await Promise.all([target(), proxy()]);
  process.env.HTTP_PROXY = via.url;
  process.env.NO_PROXY = '127.0.0.1';
  expect(await get(base)).toBe(200);
  expect(via.asked).toEqual([]);
});
