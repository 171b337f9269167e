// Seats for tests that put VLANs on the run's account: a region holds few VLANs (an account-wide limit), so however many instances a file leases at once, only a few of its tests hold VLANs at a time.

import { type Purpose, VLANS_PER_REGION } from '../../spec/part3/interfaces.js';

const VLAN: Purpose = 'vlan';

/**
 * Tests of one file that may hold VLANs at once. A test names up to three (one profile's
 * interfaces), and a few files run at once: three per file keeps a run near the region's limit of
 * ten, as when a file leased three instances and no more.
 */
export const VLAN_SEATS = Math.floor(VLANS_PER_REGION / 3);

const isVlan = (value: unknown) =>
  typeof value === 'object' && value !== null && (value as { purpose?: unknown }).purpose === VLAN;

/** Whether a request body can make a VLAN: an interface of purpose vlan, alone or in an `interfaces` list. */
export function namesVlan(body: unknown): boolean {
  if (isVlan(body)) return true;
  const list = typeof body === 'object' && body !== null ? (body as { interfaces?: unknown }).interfaces : undefined;
  return Array.isArray(list) && list.some(isVlan);
}

/**
 * The run's VLAN of number `n`: tests that need a VLAN name one of the run's few, so that they join
 * VLANs other tests already hold instead of making new ones (a region holds ten, for every run on
 * the account together).
 */
export const runVlan = (labelPrefix: string, n: number) => `${labelPrefix.replace(/[^A-Za-z0-9]/g, '')}-vlan${n}`;

/** A file's seats: a test takes one before its first request that names a VLAN and keeps it until it ends. */
export class VlanSeats<Holder> {
  private readonly holders = new Set<Holder>();
  private readonly waiting: (() => void)[] = [];
  private readonly asking = new Map<Holder, Promise<void>>();

  constructor(private readonly seats = VLAN_SEATS) {}

  holds(holder: Holder): boolean {
    return this.holders.has(holder);
  }

  /** Takes a seat for `holder`; a holder that asks again while it waits (its cases go out at once) waits once, in one place in the queue. */
  take(holder: Holder): Promise<void> {
    if (this.holders.has(holder)) return Promise.resolve();
    let asked = this.asking.get(holder);
    if (!asked) {
      asked = this.queueFor(holder).finally(() => this.asking.delete(holder));
      this.asking.set(holder, asked);
    }
    return asked;
  }

  private async queueFor(holder: Holder): Promise<void> {
    while (!this.holders.has(holder)) {
      if (this.holders.size < this.seats) {
        this.holders.add(holder);
        return;
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
  }

  release(holder: Holder): void {
    if (!this.holders.delete(holder)) return;
    this.waiting.shift()?.();
  }
}
