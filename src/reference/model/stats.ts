// Statistics and network transfer of an instance in the reference server: synthetic but deterministic series over the documented windows, and the refusal of future months; no HTTP types.

import { ModelError } from './errors.js';
import { getInstance, type Instance, typeOfInstance } from './instances.js';
import type { Principal, World } from './world.js';

/** A data point: milliseconds since the epoch and a value. */
export type Point = [number, number];

export interface Series {
  cpu: Point[];
  io: { io: Point[]; swap: Point[] };
  netv4: { in: Point[]; out: Point[]; private_in: Point[]; private_out: Point[] };
  netv6: { in: Point[]; out: Point[]; private_in: Point[]; private_out: Point[] };
}

/** Shaped as the provider's public clients read it (DECISIONS 18): the series under `data`. */
export interface Stats {
  title: string;
  data: Series;
}

export interface TransferPool {
  /** Bytes used this month. */
  used: number;
  /** GB included in the instance's type. */
  quota: number;
  /** GB beyond the quota. */
  billable: number;
}

export interface MonthTransfer {
  bytes_in: number;
  bytes_out: number;
  bytes_total: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const DAY_STEP = 5 * MINUTE;
const DAY_WINDOW = DAY;
const MONTH_WINDOW = 30 * DAY;
const GB = 1024 ** 3;

/** A stable pseudo-random value in [0, scale) for one series of one instance at one time. */
function sample(instanceId: number, series: number, at: number, scale: number): number {
  let h = (instanceId * 2654435761 + series * 40503 + Math.floor(at / MINUTE)) >>> 0;
  h = Math.imul(h ^ (h >>> 15), 2246822507) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 3266489909) >>> 0;
  return Math.round((((h ^ (h >>> 16)) >>> 0) / 2 ** 32) * scale * 100) / 100;
}

/** Points every `step` over [from, to], zero where the instance did not exist yet. */
function series(instance: Instance, n: number, from: number, to: number, step: number, scale: number): Point[] {
  const born = Date.parse(`${instance.created}Z`);
  const out: Point[] = [];
  for (let at = from; at <= to; at += step) out.push([at, at < born ? 0 : sample(instance.id, n, at, scale)]);
  return out;
}

function statsOver(instance: Instance, from: number, to: number, step: number, window: string): Stats {
  const s = (n: number, scale: number) => series(instance, n, from, to, step, scale);
  return {
    title: `${instance.label} (${instance.id}) - ${window}`,
    data: {
      cpu: s(0, 10),
      io: { io: s(1, 5), swap: s(2, 1) },
      netv4: { in: s(3, 2000), out: s(4, 2000), private_in: s(5, 100), private_out: s(6, 100) },
      netv6: { in: s(7, 500), out: s(8, 500), private_in: s(9, 10), private_out: s(10, 10) },
    },
  };
}

/** CPU, IO, IPv4 and IPv6 over the past 24 hours, every 5 minutes. */
export function dayStats(p: Principal, nodeId: number): Stats {
  const instance = getInstance(p, nodeId, 'read_only');
  const now = p.account.world.now().getTime();
  return statsOver(instance, now - DAY_WINDOW, now, DAY_STEP, 'day (5 min avg)');
}

interface YearMonth {
  year: number;
  month: number;
}

const current = (world: World): YearMonth => {
  const now = world.now();
  return { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 };
};

const order = (m: YearMonth) => m.year * 12 + (m.month - 1);

/** Refuses a month after the current one, naming `year` too when the year itself is in the future. */
function requireNotFuture(world: World, asked: YearMonth): void {
  const now = current(world);
  if (order(asked) <= order(now)) return;
  const reason = `${asked.year}-${String(asked.month).padStart(2, '0')} is after the current month`;
  const items = [{ field: 'month', reason }];
  if (asked.year > now.year) items.push({ field: 'year', reason });
  throw new ModelError('validation', items);
}

/** Whether the month ended before the instance was created, so it has no data at all. */
function beforeCreation(instance: Instance, asked: YearMonth): boolean {
  const created = new Date(`${instance.created}Z`);
  return order(asked) < order({ year: created.getUTCFullYear(), month: created.getUTCMonth() + 1 });
}

/** Start and end (ms) of a month that is neither in the future nor before the instance (years 1970.. fit Date). */
function monthBounds(asked: YearMonth): { from: number; to: number } {
  return { from: Date.UTC(asked.year, asked.month - 1, 1), to: Date.UTC(asked.year, asked.month, 1) - 1 };
}

/**
 * The statistics of a month, hourly: the current month covers the past 30 days, a past month its
 * own days; a month before the instance existed answers empty series.
 */
export function monthStats(p: Principal, nodeId: number, year: number, month: number): Stats {
  const instance = getInstance(p, nodeId, 'read_only');
  const { world } = p.account;
  const asked = { year, month };
  if (!world.fault('stats-future-month-accepted')) requireNotFuture(world, asked);
  const window = `${year}-${String(month).padStart(2, '0')} (1 hour avg)`;
  if (beforeCreation(instance, asked)) return statsOver(instance, 1, 0, HOUR, window);
  const now = world.now().getTime();
  if (order(asked) === order(current(world))) {
    return statsOver(instance, now - MONTH_WINDOW, now, HOUR, window);
  }
  const { from, to } = monthBounds(asked);
  return statsOver(instance, from, to, HOUR, window);
}

/** Synthetic traffic: a steady rate per instance while it exists, so totals grow with time. */
function bytesBetween(instance: Instance, from: number, to: number): number {
  const born = Date.parse(`${instance.created}Z`);
  const start = Math.max(from, born);
  if (to <= start) return 0;
  const perHour = 1_000_000 * (1 + (instance.id % 5));
  return Math.floor(((to - start) / HOUR) * perHour);
}

function monthTransferOf(instance: Instance, from: number, to: number): MonthTransfer {
  const total = bytesBetween(instance, from, to);
  const bytesIn = Math.floor(total * 0.4);
  return { bytes_in: bytesIn, bytes_out: total - bytesIn, bytes_total: total };
}

/** The instance's transfer pool for the current month: bytes used, its quota and what goes beyond it. */
export function currentTransfer(p: Principal, nodeId: number): TransferPool {
  const instance = getInstance(p, nodeId, 'read_only');
  const { world } = p.account;
  const now = world.now().getTime();
  const { from } = monthBounds(current(world));
  const used = bytesBetween(instance, from, now);
  const quota = typeOfInstance(instance).transfer;
  return { used, quota, billable: Math.max(0, Math.ceil(used / GB) - quota) };
}

/** The transfer of a past or the current month (to now for the current one). */
export function monthTransfer(p: Principal, nodeId: number, year: number, month: number): MonthTransfer {
  const instance = getInstance(p, nodeId, 'read_only');
  const { world } = p.account;
  const asked = { year, month };
  if (!world.fault('transfer-future-month-accepted')) requireNotFuture(world, asked);
  if (beforeCreation(instance, asked)) return monthTransferOf(instance, 1, 0);
  const { from, to } = monthBounds(asked);
  return monthTransferOf(instance, from, Math.min(to, world.now().getTime()));
}
