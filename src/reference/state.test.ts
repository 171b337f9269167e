// Self-tests of the state snapshot: a round trip through JSON keeps what clients read, including the instances a VPC subnet lists, issued promo codes and the address pool.

import { describe, expect, test } from 'vitest';
import { loadFixtures } from './fixtures.js';
import { type RunningReference, startReferenceServer } from './server.js';
import { exportState, restoreState } from './state.js';

test('a snapshot restored after changes gives back the VPC, its subnet and the instance the subnet lists', async () => {
  const s = await startReferenceServer({});
  try {
    const [vpc] = loadFixtures(s.world, s.token, {
      entities: [
        {
          operation: 'vpcs/create',
          body: { label: 'net', region: 'us-east', subnets: [{ label: 'a', ipv4: '10.0.0.0/24' }] },
        },
        {
          operation: 'instances/create',
          body: {
            label: 'member',
            region: 'us-east',
            type: 'g6-nanode-1',
            image: 'node/debian12',
            root_pass: 'Very-Strong-Pass-123!',
            interfaces: [{ purpose: 'vpc', subnet_id: '@0.subnets.0.id' }],
          },
        },
      ],
    }) as { id: number; subnets: { id: number }[] }[];
    const view = async () =>
      (await (
        await fetch(`${s.baseUrl}/vpcs/${vpc?.id}`, { headers: { authorization: `Bearer ${s.token}` } })
      ).json()) as {
        subnets?: { nodes: unknown[] }[];
      };
    const before = await view();
    expect(before.subnets?.[0]?.nodes).toHaveLength(1);
    const snapshot = JSON.parse(JSON.stringify(exportState(s.world)));
    s.world.reset();
    expect((await view()).subnets).toBeUndefined();
    restoreState(s.world, snapshot);
    expect(await view()).toEqual(before);
  } finally {
    await s.close();
  }
});

describe('the world-wide states in a snapshot: issued promo codes and the address pool', () => {
  const instance = {
    region: 'us-east',
    type: 'g6-nanode-1',
    image: 'node/debian12',
    root_pass: 'Very-Strong-Pass-123!',
  };

  async function client(s: RunningReference) {
    const call = async (method: string, path: string, body?: unknown) => {
      const r = await fetch(
        path.startsWith('/__') ? `${s.baseUrl.replace(/\/v4$/, '')}${path}` : `${s.baseUrl}${path}`,
        {
          method,
          headers: { authorization: `Bearer ${s.token}`, 'content-type': 'application/json' },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        },
      );
      return { status: r.status, body: (await r.json()) as Record<string, unknown> };
    };
    const addresses = async () => ((await call('POST', '/node/instances', instance)).body.ipv4 as string[]) ?? [];
    const promo = async (code: string) => (await call('POST', '/account/promo-codes', { promo_code: code })).status;
    return { call, addresses, promo };
  }

  test('save, change, restore: a code issued after the snapshot is refused, one issued before is taken, addresses are handed out again', async () => {
    const s = await startReferenceServer({});
    try {
      const { call, addresses, promo } = await client(s);
      expect((await call('POST', '/__cloudconf/promo-codes', { code: 'BEFORE-SNAPSHOT' })).status).toBe(200);
      await addresses();
      const saved = (await call('GET', '/__cloudconf/state')).body;
      expect((await call('POST', '/__cloudconf/promo-codes', { code: 'AFTER-SNAPSHOT' })).status).toBe(200);
      const handedOutAfter = await addresses();
      expect((await call('PUT', '/__cloudconf/state', saved)).status).toBe(200);
      // Everything comes back but the id sequence, which only moves forward.
      const { nextId, ...restored } = (await call('GET', '/__cloudconf/state')).body;
      expect(restored).toEqual({ ...saved, nextId: undefined, graph: saved.graph });
      expect(nextId).toBeGreaterThan(saved.nextId as number);
      expect(await addresses()).toEqual(handedOutAfter);
      expect(await promo('AFTER-SNAPSHOT')).toBe(400);
      expect(await promo('BEFORE-SNAPSHOT')).toBe(200);
    } finally {
      await s.close();
    }
  });

  test('a snapshot restored into another server carries its codes and its pool there', async () => {
    const [a, b] = await Promise.all([startReferenceServer({}), startReferenceServer({})]);
    try {
      const first = await client(a);
      await first.call('POST', '/__cloudconf/promo-codes', { code: 'CARRIED' });
      await first.addresses();
      const saved = JSON.parse(JSON.stringify(exportState(a.world)));
      const next = await first.addresses();
      restoreState(b.world, saved);
      const second = await client({ ...b, token: a.token });
      expect(await second.addresses()).toEqual(next);
      expect(await second.promo('CARRIED')).toBe(200);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  test('a snapshot naming a world-wide state the server does not know is refused and changes nothing', async () => {
    const s = await startReferenceServer({});
    try {
      const saved = exportState(s.world) as unknown as { graph: { value: Record<string, unknown> } };
      const before = JSON.stringify(exportState(s.world));
      const perWorld = saved.graph.value.perWorld as { value: Record<string, unknown> };
      perWorld.value['no-such-state'] = 1;
      expect(() => restoreState(s.world, saved)).toThrow(/unknown world-wide state no-such-state/);
      expect(JSON.stringify(exportState(s.world))).toBe(before);
    } finally {
      await s.close();
    }
  });
});

describe('the id sequence after a restore', () => {
  test('a snapshot claiming a huge last id is taken at once, and ids go on past it', async () => {
    const s = await startReferenceServer({});
    try {
      const snapshot = { ...exportState(s.world), nextId: 2 ** 52 };
      const started = performance.now();
      restoreState(s.world, snapshot);
      expect(performance.now() - started).toBeLessThan(1000);
      expect(s.world.id()).toBe(2 ** 52 + 1);
    } finally {
      await s.close();
    }
  });

  test('under ids-high a restore into another server never hands out an id a restored entity holds', async () => {
    const from = await startReferenceServer({ variants: ['ids-high'] });
    const into = await startReferenceServer({ variants: ['ids-high'] });
    try {
      const made = [from.world.id(), from.world.id(), from.world.id()];
      restoreState(into.world, exportState(from.world));
      expect(into.world.id()).toBeGreaterThan(Math.max(...made));
    } finally {
      await from.close();
      await into.close();
    }
  });
});
