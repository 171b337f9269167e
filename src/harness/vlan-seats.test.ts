// Self-test of the VLAN seats: which bodies name a VLAN, and that no more tests than there are seats hold VLANs at once.

import { describe, expect, it } from 'vitest';
import { namesVlan, VLAN_SEATS, VlanSeats } from './vlan-seats.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 2));

describe('namesVlan', () => {
  it('sees a vlan interface alone or in an interfaces list, and nothing else', () => {
    expect(namesVlan({ purpose: 'vlan', label: 'a' })).toBe(true);
    expect(namesVlan({ label: 'p', interfaces: [{ purpose: 'public' }, { purpose: 'vlan', label: 'a' }] })).toBe(true);
    expect(namesVlan({ interfaces: [{ purpose: 'public' }, { purpose: 'vpc', subnet_id: 1 }] })).toBe(false);
    expect(namesVlan({ purpose: 'public' })).toBe(false);
    expect(namesVlan({ interfaces: 'vlan' })).toBe(false);
    expect(namesVlan(undefined)).toBe(false);
    expect(namesVlan(null)).toBe(false);
  });
});

describe('VlanSeats', () => {
  it('keeps a run under the region limit when every file fills its seats', () => {
    expect(VLAN_SEATS * 3).toBeLessThanOrEqual(10);
    expect(VLAN_SEATS).toBeGreaterThan(0);
  });

  it('lets no more holders in than there are seats, and the next one in when a holder ends', async () => {
    const seats = new VlanSeats<number>(2);
    let inside = 0;
    let most = 0;
    await Promise.all(
      [0, 1, 2, 3, 4].map(async (holder) => {
        await seats.take(holder);
        inside += 1;
        most = Math.max(most, inside);
        await tick();
        inside -= 1;
        seats.release(holder);
      }),
    );
    expect(most).toBe(2);
  });

  it('gives a holder that asks again the seat it has, not a second one', async () => {
    const seats = new VlanSeats<string>(1);
    await seats.take('a');
    await seats.take('a');
    expect(seats.holds('a')).toBe(true);
    let other = false;
    const next = seats.take('b').then(() => {
      other = true;
    });
    await tick();
    expect(other).toBe(false);
    seats.release('b');
    await tick();
    expect(other).toBe(false);
    seats.release('a');
    await next;
    expect(other).toBe(true);
  });
});

describe('VlanSeats with a holder whose cases ask at once', () => {
  it('a holder asking several times while it waits takes one place in the queue, and every waiter gets in', async () => {
    const seats = new VlanSeats<string>(1);
    await seats.take('a');
    const b = [seats.take('b'), seats.take('b'), seats.take('b')];
    const c = seats.take('c');
    seats.release('a');
    await Promise.all(b);
    expect(seats.holds('b')).toBe(true);
    seats.release('b');
    await c;
    expect(seats.holds('c')).toBe(true);
  });
});
