// Self-test of the sweep for a run's litter: every labelled list is read at once, so a target that stopped answering costs one timeout, not one per list.

import { setTimeout as sleep } from 'node:timers/promises';
import { expect, test } from 'vitest';
import type { Session } from '../target/session.js';
import { findByPrefix } from './sweep.js';

test('the sweep reads every labelled list at the same time, and keeps only what carries the prefix', async () => {
  let inFlight = 0;
  let most = 0;
  const asked: string[] = [];
  const session = {
    config: { token: 'sweep-test-token' },
    url: (list: { path: string }) => `http://127.0.0.1:9/v4${list.path}`,
    client: {
      send: async ({ url }: { url: string }) => {
        asked.push(url);
        inFlight += 1;
        most = Math.max(most, inFlight);
        await sleep(20);
        inFlight -= 1;
        const data = url.endsWith('/vpcs')
          ? [
              { id: 7, label: 'cc-sweep-a' },
              { id: 8, label: 'theirs' },
            ]
          : [];
        return { response: { status: 200, json: { data, page: 1, pages: 1 } } };
      },
    },
  } as unknown as Session;
  const { litter, unread } = await findByPrefix(session, 'cc-sweep');
  expect(asked.length).toBeGreaterThan(3);
  expect(most).toBe(asked.length);
  expect(unread).toEqual([]);
  expect(litter.map((l) => l.label)).toEqual(['cc-sweep-a']);
});
