// Unit tests of the statistics model: the 24-hour and 30-day windows, past months, future months refused, and transfer.

import { describe, expect, test } from 'vitest';
import { emptyInstance } from '../test-support/instances.js';
import { rejection } from '../test-support/model-errors.js';
import { ownerWorld } from '../test-support/principals.js';
import type { Instance } from './instances.js';
import * as m from './stats.js';
import type { World } from './world.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function setup(faults: string[] = []) {
  const { world, owner: p } = ownerWorld(faults);
  const i: Instance = emptyInstance(p);
  return { world, p, i };
}

const span = (points: m.Point[]) => (points.at(-1)?.[0] ?? 0) - (points[0]?.[0] ?? 0);
const thisMonth = (world: World) => ({ year: world.now().getUTCFullYear(), month: world.now().getUTCMonth() + 1 });
const nextMonth = (world: World) => {
  const { year, month } = thisMonth(world);
  return month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
};

describe('statistics', () => {
  test('the answer is shaped as the public clients read it: {title, data} with [timestamp, value] pairs (DECISIONS 18)', () => {
    const { p, i } = setup();
    const stats = m.dayStats(p, i.id);
    expect(Object.keys(stats)).toEqual(['title', 'data']);
    expect(Object.keys(stats.data)).toEqual(['cpu', 'io', 'netv4', 'netv6']);
    expect(Object.keys(stats.data.io)).toEqual(['io', 'swap']);
    for (const net of [stats.data.netv4, stats.data.netv6]) {
      expect(Object.keys(net)).toEqual(['in', 'out', 'private_in', 'private_out']);
    }
    const [at, value] = stats.data.cpu[0] ?? [];
    expect([typeof at, typeof value]).toEqual(['number', 'number']);
    expect(stats.data.cpu[0]).toHaveLength(2);
  });

  test('the view covers the past 24 hours in every series', () => {
    const { p, i } = setup();
    const stats = m.dayStats(p, i.id);
    expect(span(stats.data.cpu)).toBe(DAY);
    for (const series of [stats.data.io.io, stats.data.io.swap, stats.data.netv4.in, stats.data.netv6.out]) {
      expect(series).toHaveLength(stats.data.cpu.length);
    }
  });

  test('values are stable between two calls at the same time', () => {
    const { world, p, i } = setup();
    world.clockOffsetMs = 0;
    const a = m.dayStats(p, i.id).data.netv4.in.slice(-5);
    const b = m.dayStats(p, i.id).data.netv4.in.slice(-5);
    expect(a.map((x) => x[1])).toEqual(b.map((x) => x[1]));
  });

  test('the current month covers the past 30 days', () => {
    const { world, p, i } = setup();
    const { year, month } = thisMonth(world);
    expect(span(m.monthStats(p, i.id, year, month).data.cpu)).toBe(30 * DAY);
  });

  test('a past month covers its days; a month before the instance existed is empty', () => {
    const { world, p, i } = setup();
    world.clockOffsetMs = 62 * DAY;
    const earlier = new Date(world.now().getTime() - 40 * DAY);
    const past = m.monthStats(p, i.id, earlier.getUTCFullYear(), earlier.getUTCMonth() + 1);
    expect(span(past.data.cpu)).toBeGreaterThanOrEqual(27 * DAY);
    expect(m.monthStats(p, i.id, 1999, 5).data.cpu).toEqual([]);
    expect(m.monthStats(p, i.id, 0, 1).data.cpu).toEqual([]);
  });

  test('a month after the current one is refused naming month, and year when the year is ahead', () => {
    const { world, p, i } = setup();
    const next = nextMonth(world);
    const error = rejection(() => m.monthStats(p, i.id, next.year, next.month));
    expect(error.items.some((x) => x.field === 'month')).toBe(true);
    const far = rejection(() => m.monthStats(p, i.id, 999_999_999_999_999, 1));
    expect(far.items.map((x) => x.field)).toEqual(['month', 'year']);
    const faulty = setup(['stats-future-month-accepted']);
    expect(m.monthStats(faulty.p, faulty.i.id, next.year, next.month).data.cpu.length).toBeGreaterThan(0);
  });
});

describe('transfer', () => {
  test('the current month pool: bytes used, the quota of the type, nothing billable yet', () => {
    const { world, p, i } = setup();
    world.clockOffsetMs = 2 * HOUR;
    const pool = m.currentTransfer(p, i.id);
    expect(pool.used).toBeGreaterThan(0);
    expect(pool.quota).toBeGreaterThan(0);
    expect(pool.billable).toBe(0);
  });

  test('a month: in and out add up to the total; future months refused; earlier months empty', () => {
    const { world, p, i } = setup();
    world.clockOffsetMs = 3 * HOUR;
    const { year, month } = thisMonth(world);
    const t = m.monthTransfer(p, i.id, year, month);
    expect(t.bytes_in + t.bytes_out).toBe(t.bytes_total);
    expect(m.monthTransfer(p, i.id, 2000, 1).bytes_total).toBe(0);
    const next = nextMonth(world);
    expect(rejection(() => m.monthTransfer(p, i.id, next.year, next.month)).kind).toBe('validation');
    const faulty = setup(['transfer-future-month-accepted']);
    expect(m.monthTransfer(faulty.p, faulty.i.id, next.year, next.month).bytes_total).toBeGreaterThanOrEqual(0);
  });
});
