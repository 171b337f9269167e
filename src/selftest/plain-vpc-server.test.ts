// Self-test of the plain VPC server on its own: the conventions and VPC rules it keeps, each seen refused and accepted at its edge, so a whole run against it tests the suite rather than a broken fixture.

import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type PlainVpcServer, startPlainVpcServer } from './plain-vpc-server.js';

let server: PlainVpcServer;
beforeAll(async () => {
  server = await startPlainVpcServer({ token: 'plain-test-token', regions: ['pl-central'] });
});
afterAll(() => server.close());

interface Sent {
  status: number;
  headers: Headers;
  json: unknown;
}

async function send(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = { authorization: 'Bearer plain-test-token' },
): Promise<Sent> {
  const r = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await r.text();
  return { status: r.status, headers: r.headers, json: text ? JSON.parse(text) : undefined };
}

const fields = (s: Sent) => ((s.json as { errors?: { field?: string }[] }).errors ?? []).map((e) => e.field);

const vpc = async (extra: object = {}) =>
  (await send('POST', '/vpcs', { label: 'web', region: 'pl-central', ...extra })).json as {
    id: number;
    subnets: { id: number }[];
  };

describe('conventions', () => {
  test('every other path, under /v4 or not, is 404 with the error body, with or without a token', async () => {
    for (const path of ['/account', '/node/instances', '/vpcs/1/no-such-thing', '/vpcs/abc']) {
      const s = await send('GET', path, undefined, {});
      expect([s.status, s.json], path).toEqual([404, { errors: [{ reason: 'Not found' }] }]);
    }
    const outside = await fetch(server.baseUrl.replace(/\/v4$/, '/v4beta/vpcs'));
    expect(outside.status).toBe(404);
  });

  test('authenticating first, a path it does not serve is 401 without the token and 404 with it', async () => {
    const gated = await startPlainVpcServer({ token: 't', authenticateFirst: true });
    try {
      const get = (headers: Record<string, string>) => fetch(`${gated.baseUrl}/account`, { headers });
      expect([(await get({})).status, (await get({ authorization: 'Bearer t' })).status]).toEqual([401, 404]);
    } finally {
      await gated.close();
    }
  });

  test('a missing or unknown token is 401 with a Bearer challenge; the token is accepted', async () => {
    const refused: Record<string, string>[] = [
      {},
      { authorization: 'Bearer plain-test-tokenx' },
      { authorization: 'Basic eDp5' },
    ];
    for (const headers of refused) {
      const s = await send('GET', '/vpcs', undefined, headers);
      expect(s.status).toBe(401);
      expect(s.headers.get('www-authenticate')).toMatch(/^Bearer/);
    }
    expect((await send('GET', '/vpcs')).status).toBe(200);
  });

  test('a documented path with another method is 405 with Allow; HEAD answers as GET without a body', async () => {
    const s = await send('PATCH', '/vpcs/1');
    expect([s.status, s.headers.get('allow')]).toEqual([405, 'GET, PUT, DELETE, HEAD']);
    expect(s.headers.get('content-type')).toBe('application/json');
    const head = await fetch(`${server.baseUrl}/vpcs`, {
      method: 'HEAD',
      headers: { authorization: 'Bearer plain-test-token' },
    });
    const get = await fetch(`${server.baseUrl}/vpcs`, { headers: { authorization: 'Bearer plain-test-token' } });
    expect([head.status, head.headers.get('content-length'), await head.text()]).toEqual([
      200,
      get.headers.get('content-length'),
      '',
    ]);
  });

  test('bodies: over the bound 413, not JSON 415, malformed or not an object 400', async () => {
    expect((await send('POST', '/vpcs', `{"label":"${'x'.repeat(1024 * 1024)}"}`)).status).toBe(413);
    const asText = await send('POST', '/vpcs', '{}', {
      authorization: 'Bearer plain-test-token',
      'content-type': 'text/plain',
    });
    expect(asText.status).toBe(415);
    expect((await send('POST', '/vpcs', '{"label": "x')).status).toBe(400);
    expect((await send('POST', '/vpcs', '[]')).status).toBe(400);
    expect((await send('POST', '/vpcs', `${'['.repeat(100_000)}${']'.repeat(100_000)}`)).status).toBe(400);
  });

  test('paging: page 1 or more, page_size 25..500, the envelope of one page', async () => {
    for (const query of ['page=0', 'page=-1', 'page=1.5', 'page=abc', 'page_size=24', 'page_size=501', 'page_size=1e2'])
      expect(fields(await send('GET', `/vpcs?${query}`)), query).toEqual([query.split('=')[0]]);
    const { id } = await vpc();
    for (let i = 0; i < 26; i++) await send('POST', `/vpcs/${id}/subnets`, { label: `s${i}`, ipv4: `10.0.${i}.0/24` });
    const second = await send('GET', `/vpcs/${id}/subnets?page=2&page_size=25`);
    expect(second.json).toMatchObject({ page: 2, pages: 2, results: 26 });
    expect((second.json as { data: unknown[] }).data).toHaveLength(1);
    expect(await send('GET', `/vpcs/${id}/subnets?page=3&page_size=500`)).toMatchObject({
      json: { data: [], page: 3, results: 26 },
    });
  });
});

describe('VPCs', () => {
  test('labels are 1..64 characters (code points), descriptions at most 255; the region one of the given', async () => {
    expect(fields(await send('POST', '/vpcs', { label: '', region: 'pl-central' }))).toEqual(['label']);
    expect(fields(await send('POST', '/vpcs', { label: 'x'.repeat(65), region: 'pl-central' }))).toEqual(['label']);
    expect(
      fields(await send('POST', '/vpcs', { label: 'a', region: 'pl-central', description: 'd'.repeat(256) })),
    ).toEqual(['description']);
    expect(fields(await send('POST', '/vpcs', { label: 5, region: 'elsewhere' }))).toEqual(['label', 'region']);
    expect(fields(await send('POST', '/vpcs', {}))).toEqual(['label', 'region']);
    const edge = await send('POST', '/vpcs', {
      label: '😀'.repeat(64),
      region: 'pl-central',
      description: 'd'.repeat(255),
    });
    expect(edge.status).toBe(200);
    expect(edge.json).toMatchObject({ description: 'd'.repeat(255), subnets: [], updated: null });
  });

  test('subnets need a canonical IPv4 CIDR, named where they stand', async () => {
    for (const ipv4 of ['10.0.0.1/24', '10.0.0.0', '10.0.0.0/33', '010.0.0.0/8', '10.0.0/8', '::/0'])
      expect(
        fields(await send('POST', '/vpcs', { label: 'a', region: 'pl-central', subnets: [{ label: 's', ipv4 }] })),
        ipv4,
      ).toEqual(['subnets[0].ipv4']);
    for (const ipv4 of ['0.0.0.0/0', '10.0.0.0/8', '192.168.1.128/25', '10.1.2.3/32'])
      expect((await send('POST', `/vpcs/${(await vpc()).id}/subnets`, { label: 's', ipv4 })).status, ipv4).toBe(200);
  });

  test('an update refuses region and subnets and changes nothing; a delete takes the subnets with it', async () => {
    const { id, subnets } = await vpc({ subnets: [{ label: 's', ipv4: '10.0.0.0/24' }] });
    expect(fields(await send('PUT', `/vpcs/${id}`, { label: 'new', region: 'pl-central' }))).toEqual(['region']);
    expect((await send('GET', `/vpcs/${id}`)).json).toMatchObject({ label: 'web', updated: null });
    expect((await send('PUT', `/vpcs/${id}`, { label: 'new' })).json).toMatchObject({ label: 'new' });
    expect((await send('DELETE', `/vpcs/${id}`)).json).toEqual({});
    expect((await send('GET', `/vpcs/${id}/subnets/${subnets[0]?.id}`)).status).toBe(404);
    expect((await send('DELETE', `/vpcs/${id}`)).status).toBe(404);
  });

  test('a server made stricter than the documents keeps its own limit', async () => {
    const strict = await startPlainVpcServer({ token: 't', regions: ['r'], limits: { labelMax: 32 } });
    try {
      const post = (label: string) =>
        fetch(`${strict.baseUrl}/vpcs`, {
          method: 'POST',
          headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
          body: JSON.stringify({ label, region: 'r' }),
        });
      expect([(await post('x'.repeat(32))).status, (await post('x'.repeat(33))).status]).toEqual([200, 400]);
    } finally {
      await strict.close();
    }
  });
});
