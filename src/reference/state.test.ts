// Self-tests of the state snapshot: a round trip through JSON keeps what clients read, including the instances a VPC subnet lists.

import { expect, test } from 'vitest';
import { loadFixtures } from './fixtures.js';
import { startReferenceServer } from './server.js';
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
