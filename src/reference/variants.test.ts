// Self-tests of the conformant variants: each is in the server's code and does what the catalogue says, through HTTP, and nothing else (an empty answer stays empty, a quoted error text stays as written).

import { afterAll, describe, expect, test } from 'vitest';
import { requirementById } from '../../spec/index.js';
import { PASSWORD_STRENGTH_ERROR } from '../../spec/part3/common.js';
import { images, instanceTypes, regions } from './model/catalogue.js';
import { type RunningReference, startReferenceServer } from './server.js';
import { namesInCode } from './test-support/names-in-code.js';
import { EXTRA_MEMBERS, REWORDED_REASON } from './variant-answers.js';
import {
  BUSY_STATE_REQUIREMENTS,
  HIGH_ID_BASE,
  SHORT_PAGE_CAP,
  SLOW_ACTION_MS,
  type VariantName,
  variants,
} from './variants.js';

const inCode = namesInCode('variant', 'variants.ts');

describe('variant catalogue', () => {
  test('every variant is in the server code and every variant the code checks is catalogued', () => {
    const names = variants.map((v) => v.name);
    expect(names.filter((n) => !inCode.has(n))).toEqual([]);
    expect([...inCode].filter((n) => !names.includes(n as VariantName))).toEqual([]);
    expect(new Set(names).size).toBe(names.length);
  });

  test('each says where the documents allow it, and departs only from conventions of ours (SHOULD)', () => {
    for (const v of variants) {
      expect(v.allowedBy, v.name).toMatch(/Part \d|DECISIONS \d/);
      for (const id of v.departsFrom) {
        const r = requirementById.get(id);
        expect(r?.level, `${v.name}: ${id}`).toBe('SHOULD');
        expect(r?.convention, `${v.name}: ${id}`).toBe(true);
      }
    }
    expect(BUSY_STATE_REQUIREMENTS.filter((id) => !requirementById.has(id))).toEqual([]);
  });
});

const servers: RunningReference[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

async function serverWith(...names: VariantName[]) {
  const s = await startReferenceServer({ port: 0, variants: names });
  servers.push(s);
  const call = async (method: string, path: string, body?: unknown) => {
    const r = await fetch(`${s.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${s.token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: r.status, json: (await r.json()) as Record<string, unknown> };
  };
  return { s, call };
}

const vpc = (label: string) => ({ label, region: regions[0]?.id, subnets: [{ label: 's', ipv4: '10.9.0.0/24' }] });

describe('each variant does what the catalogue says', () => {
  test('ids-high hands out ids far above 2^31, exact as JSON numbers, that name what they made', async () => {
    const { call } = await serverWith('ids-high');
    const made = await call('POST', '/vpcs', vpc('high'));
    const id = made.json.id as number;
    expect(id).toBeGreaterThan(HIGH_ID_BASE);
    expect(Number.isSafeInteger(id)).toBe(true);
    expect((await call('GET', `/vpcs/${id}`)).json.label).toBe('high');
  });

  test('events-oldest-first lists the first event first', async () => {
    const { call } = await serverWith('events-oldest-first');
    await call('POST', '/vpcs', vpc('first'));
    await call('POST', '/vpcs', vpc('second'));
    const data = (await call('GET', '/account/events')).json.data as { id: number; action: string }[];
    expect(data.map((e) => e.id)).toEqual([...data.map((e) => e.id)].sort((a, b) => a - b));
    expect(data[0]?.action).toBe('vpc_create');
  });

  test('extra-members extends records, envelopes, their items and error bodies, but not an empty answer', async () => {
    const { call } = await serverWith('extra-members');
    const made = await call('POST', '/vpcs', vpc('extra'));
    expect(made.json).toMatchObject(EXTRA_MEMBERS);
    const list = await call('GET', '/vpcs');
    expect(list.json).toMatchObject(EXTRA_MEMBERS);
    expect((list.json.data as unknown[])[0]).toMatchObject(EXTRA_MEMBERS);
    const refused = await call('POST', '/vpcs', { region: regions[0]?.id });
    expect(refused.json).toMatchObject(EXTRA_MEMBERS);
    expect((refused.json.errors as unknown[])[0]).toMatchObject(EXTRA_MEMBERS);
    expect((await call('DELETE', `/vpcs/${made.json.id}`)).json).toEqual({});
  });

  test('reasons-reworded rewords every reason but the texts the documents quote, and adds an item first', async () => {
    const { call } = await serverWith('reasons-reworded');
    const refused = await call('POST', '/vpcs', { region: regions[0]?.id });
    const errors = refused.json.errors as { field?: string; reason: string }[];
    expect(errors[0]?.field).toBeUndefined();
    expect(errors.slice(1)).toContainEqual({ field: 'label', reason: REWORDED_REASON });
    const weak = await call('POST', '/node/instances', {
      region: regions[0]?.id,
      type: instanceTypes[0]?.id,
      image: images[0]?.id,
      root_pass: 'password',
    });
    expect((weak.json.errors as { reason: string }[]).map((e) => e.reason)).toContain(PASSWORD_STRENGTH_ERROR);
  });

  test('timestamps-microseconds writes six fraction digits and an offset', async () => {
    const { call } = await serverWith('timestamps-microseconds');
    const made = await call('POST', '/vpcs', vpc('time'));
    expect(made.json.created).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}\+00:00$/);
  });

  test('short-pages caps only the lists whose page bounds the documents do not show', async () => {
    const { call } = await serverWith('short-pages');
    const made = await call('POST', '/vpcs', vpc('short'));
    for (let i = 0; i < SHORT_PAGE_CAP + 5; i++) {
      await call('POST', '/vpcs', { label: `short${i}`, region: regions[0]?.id });
      await call('POST', `/vpcs/${made.json.id}/subnets`, { label: `s${i}`, ipv4: `10.10.${i}.0/24` });
    }
    const vpcs = await call('GET', '/vpcs?page_size=100');
    expect(vpcs.json.data).toHaveLength(SHORT_PAGE_CAP);
    expect(vpcs.json.pages).toBe(Math.ceil((vpcs.json.results as number) / SHORT_PAGE_CAP));
    const subnets = await call('GET', `/vpcs/${made.json.id}/subnets?page_size=100`);
    expect(subnets.json.data).toHaveLength(subnets.json.results as number);
  });

  test('slow-actions makes the server hold every action, as its control interface says', async () => {
    const { s } = await serverWith('slow-actions');
    const info = (await (await fetch(`${s.baseUrl.replace(/\/v4$/, '')}/__cloudconf/info`)).json()) as {
      actionDelayMs: number;
    };
    expect(info.actionDelayMs).toBe(SLOW_ACTION_MS);
  });

  test('held-actions-end-early ends a held action once a read has shown it in progress', async () => {
    const { s, call } = await serverWith('held-actions-end-early');
    const origin = s.baseUrl.replace(/\/v4$/, '');
    await fetch(`${origin}/__cloudconf/actions`, { method: 'POST', body: JSON.stringify({ delayMs: 60_000 }) });
    const made = await call('POST', '/node/instances', { region: regions[0]?.id, type: instanceTypes[0]?.id });
    const id = made.json.id as number;
    expect((await call('GET', `/node/instances/${id}`)).json.status).toBe('provisioning');
    expect((await call('GET', `/node/instances/${id}`)).json.status).toBe('offline');
  });
});
