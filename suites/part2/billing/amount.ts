// The bounds of a payment's amount, which move with the balance due: set through the control interface on the throwaway account the harness gives Payment Make.

import { acceptedWith2xx, type Kit, rejectedWith4xx, validRequest, type WrittenContext } from '../../support/author.js';

interface Bounds {
  min: number;
  max: number;
  balanceCap: number;
}

/** The numbers of the field rule the requirement is derived from, in cents. */
function boundsOf(ctx: WrittenContext): Bounds | undefined {
  const { kit, op } = ctx;
  const d = kit.requirement.derivation;
  if (d?.kind !== 'field-rule') return undefined;
  const spec = op?.body?.fields.find((f) => f.name === d.path);
  const rule = spec?.rules?.find((r) => 'id' in r && r.id === d.rule);
  const params = rule?.kind === 'custom' ? rule.params : undefined;
  const cents = (key: string) => Math.round(Number(params?.[key]) * 100);
  const bounds = { min: cents('min'), max: cents('max'), balanceCap: cents('balanceCap') };
  return Object.values(bounds).every(Number.isFinite) ? bounds : undefined;
}

const usd = (cents: number) => (cents / 100).toFixed(2);

interface Case {
  /** The balance due set first. */
  balance: number;
  amount: number;
  accepted: boolean;
  why: string;
}

/**
 * Amounts just outside and at the bounds, each after setting the balance due they depend on:
 * nothing due (the fixed bounds), a balance between the maximum and the cap (the balance is the
 * maximum), one above the cap (the cap is), and one below the minimum (the balance is the minimum).
 */
function casesOf({ min, max, balanceCap }: Bounds): Case[] {
  const between = Math.round((max + balanceCap) / 2);
  const above = balanceCap * 2;
  const small = Math.round(min / 2);
  return [
    { balance: 0, amount: min - 1, accepted: false, why: 'under the minimum, nothing due' },
    { balance: 0, amount: max + 1, accepted: false, why: 'over the maximum, nothing due' },
    { balance: between, amount: between + 1, accepted: false, why: 'over a balance above the maximum' },
    { balance: between, amount: between, accepted: true, why: 'the whole of a balance above the maximum' },
    { balance: above, amount: balanceCap + 1, accepted: false, why: 'over the cap, the balance above it' },
    { balance: above, amount: balanceCap, accepted: true, why: 'the cap, the balance above it' },
    { balance: small, amount: small - 1, accepted: false, why: 'under a balance below the minimum' },
    { balance: small, amount: small, accepted: true, why: 'the whole of a balance below the minimum' },
  ];
}

async function balanceSet(kit: Kit, cents: number): Promise<void> {
  if (!(await kit.session.setBalance(cents / 100))) {
    kit.skip('the bounds move with the balance due, which only the control interface sets');
  }
}

export async function amountBounds(ctx: WrittenContext) {
  const { kit, op, fixtures } = ctx;
  const bounds = boundsOf(ctx);
  if (!op || !bounds) throw new Error(`${kit.requirement.id} names no amount rule with min, max and balanceCap`);
  const request = await validRequest({ kit, op, fixtures });
  for (const c of casesOf(bounds)) {
    await balanceSet(kit, c.balance);
    const body = { ...(request.body as object), usd: usd(c.amount) };
    const e = await kit.send(op, { ...request, body });
    const what = `${usd(c.amount)} with ${usd(c.balance)} due: ${c.why}`;
    kit.check(c.accepted ? acceptedWith2xx(e) : rejectedWith4xx(e), what);
  }
}
