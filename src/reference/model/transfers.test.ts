// Unit tests of the service transfers model: the state table, lazy expiry, visibility per state, the create and accept conditions, the hooks other areas install, and the faults.

import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { errorOf } from '../test-support/model-errors.js';
import { signIn } from '../test-support/principals.js';
import {
  acceptTransfer,
  accountStanding,
  cancelTransfer,
  createTransfer,
  EXPIRY_HOURS,
  getTransfer,
  instanceOwnedBy,
  isSender,
  listTransfers,
  registerAccountStanding,
  registerTransferableInstances,
  type Transfer,
  transferableInstances,
  transferStatus,
  transferUpdated,
} from './transfers.js';
import { type Account, World } from './world.js';

const defaultInstances = { ...transferableInstances };
const defaultStanding = { ...accountStanding };

/** A stand-in for Part 3: instance ownership, blockers and the moves made. */
const owners = new Map<number, Account>();
const blockers = new Map<number, string>();
const moves: { from: Account; to: Account; ids: readonly number[] }[] = [];

beforeEach(() => {
  owners.clear();
  blockers.clear();
  moves.length = 0;
  registerTransferableInstances({
    ownedBy: (account, id) => owners.get(id) === account,
    blocker: (_account, id) => blockers.get(id),
    move: (from, to, ids) => {
      moves.push({ from, to, ids });
      for (const id of ids) owners.set(id, to);
    },
  });
});

afterEach(() => {
  registerTransferableInstances(defaultInstances);
  registerAccountStanding(defaultStanding);
});

function setup(faults: string[] = []) {
  const world = new World(new Set(faults));
  const senderAccount = world.createAccount('sender', 'sender@example.com');
  const receiverAccount = world.createAccount('receiver', 'receiver@example.com');
  const thirdAccount = world.createAccount('third', 'third@example.com');
  return {
    world,
    senderAccount,
    receiverAccount,
    sender: signIn(world, senderAccount, 'sender'),
    receiver: signIn(world, receiverAccount, 'receiver'),
    third: signIn(world, thirdAccount, 'third'),
  };
}

/** Instances owned by the account, with fresh ids. */
function instancesOf(world: World, account: Account, count = 1): number[] {
  return Array.from({ length: count }, () => {
    const id = world.id();
    owners.set(id, account);
    return id;
  });
}

const expire = (world: World) => {
  world.clockOffsetMs += EXPIRY_HOURS * 60 * 60 * 1000;
};

function pendingTransfer(faults: string[] = []) {
  const s = setup(faults);
  const nodes = instancesOf(s.world, s.senderAccount, 2);
  const transfer = createTransfer(s.sender, { entities: { nodes } });
  return { ...s, nodes, transfer };
}

/** A transfer no longer pending: accepted by the receiving account, canceled by the creating one, or expired. */
function transferIn(state: 'accepted' | 'canceled' | 'expired') {
  const s = pendingTransfer();
  if (state === 'accepted') acceptTransfer(s.receiver, s.transfer.token);
  else if (state === 'canceled') cancelTransfer(s.sender, s.transfer.token);
  else expire(s.world);
  return s;
}

describe('create', () => {
  test('a created transfer is pending, with a UUID token, its instances and an expiry 24 hours on', () => {
    const { world, sender, nodes, transfer } = pendingTransfer();
    expect(transfer.token).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(transferStatus(world, transfer)).toBe('pending');
    expect(transfer.nodes).toEqual(nodes);
    expect(transfer.expiry.getTime() - transfer.created.getTime()).toBe(EXPIRY_HOURS * 3_600_000);
    expect(isSender(sender, transfer)).toBe(true);
    expect(getTransfer(sender, transfer.token)).toBe(transfer);
  });

  test('a transfer without instances is allowed (nodes is optional, with no size rule)', () => {
    const { world, sender } = setup();
    expect(transferStatus(world, createTransfer(sender, { entities: {} }))).toBe('pending');
    expect(createTransfer(sender, { entities: { nodes: [] } }).nodes).toEqual([]);
  });

  test('repeated ids count once', () => {
    const { world, sender, senderAccount } = setup();
    const [id] = instancesOf(world, senderAccount) as [number];
    expect(createTransfer(sender, { entities: { nodes: [id, id] } }).nodes).toEqual([id]);
  });

  test('until Part 3 installs its hooks every instance id is unknown, naming entities.nodes', () => {
    registerTransferableInstances(defaultInstances);
    const { sender, senderAccount } = setup();
    expect(instanceOwnedBy(senderAccount, 5)).toBe(false);
    expect(errorOf(() => createTransfer(sender, { entities: { nodes: [5] } }))).toEqual({
      kind: 'validation',
      field: 'entities.nodes',
    });
    expect(listTransfers(sender)).toEqual([]);
  });

  test('instances of another account are refused and nothing is created', () => {
    const { world, sender, receiverAccount } = setup();
    const foreign = instancesOf(world, receiverAccount);
    expect(errorOf(() => createTransfer(sender, { entities: { nodes: foreign } }))?.field).toBe('entities.nodes');
    expect(listTransfers(sender)).toEqual([]);
  });

  test('an instance in another pending transfer is refused; once that one closes it is free again', () => {
    const { world, sender, nodes, transfer } = pendingTransfer();
    expect(errorOf(() => createTransfer(sender, { entities: { nodes: [nodes[1] as number] } }))?.field).toBe(
      'entities.nodes',
    );
    cancelTransfer(sender, transfer.token);
    expect(transferStatus(world, createTransfer(sender, { entities: { nodes } }))).toBe('pending');
  });

  test('an instance in an expired transfer is free again', () => {
    const { world, sender, nodes } = pendingTransfer();
    expire(world);
    expect(createTransfer(sender, { entities: { nodes } }).nodes).toEqual(nodes);
  });

  test('an instance failing an instance condition is refused', () => {
    const { world, sender, senderAccount } = setup();
    const [id] = instancesOf(world, senderAccount) as [number];
    blockers.set(id, 'it is assigned to a Firewall');
    expect(errorOf(() => createTransfer(sender, { entities: { nodes: [id] } }))).toEqual({
      kind: 'validation',
      field: 'entities.nodes',
    });
  });

  test('a past-due balance or a Terms of Service violation of the creating account refuses the create', () => {
    const { sender, senderAccount } = setup();
    registerAccountStanding({ hasPastDueBalance: (a) => a === senderAccount });
    expect(errorOf(() => createTransfer(sender, { entities: {} }))?.kind).toBe('conflict');
    registerAccountStanding({ hasPastDueBalance: () => false, hasTosViolation: (a) => a === senderAccount });
    expect(errorOf(() => createTransfer(sender, { entities: {} }))?.kind).toBe('conflict');
  });

  test('restricted users are refused (the deprecated forms carry no access rule of their own)', () => {
    const { world, senderAccount } = setup();
    const rita = signIn(world, senderAccount, 'rita', true);
    expect(errorOf(() => createTransfer(rita, { entities: {} }))?.kind).toBe('forbidden');
    expect(errorOf(() => listTransfers(rita))?.kind).toBe('forbidden');
  });
});

describe('visibility', () => {
  test('a pending transfer is visible to every account, with is_sender only for the creator', () => {
    const { receiver, third, transfer } = pendingTransfer();
    expect(getTransfer(receiver, transfer.token)).toBe(transfer);
    expect(getTransfer(third, transfer.token)).toBe(transfer);
    expect(isSender(third, transfer)).toBe(false);
  });

  test('an accepted transfer is visible to the creating and accepting accounts only', () => {
    const { sender, receiver, third, transfer } = pendingTransfer();
    acceptTransfer(receiver, transfer.token);
    expect(getTransfer(sender, transfer.token)).toBe(transfer);
    expect(getTransfer(receiver, transfer.token)).toBe(transfer);
    expect(errorOf(() => getTransfer(third, transfer.token))?.kind).toBe('not-found');
  });

  test('a canceled or expired transfer is visible to the creating account only', () => {
    const canceled = transferIn('canceled');
    expect(getTransfer(canceled.sender, canceled.transfer.token)).toBe(canceled.transfer);
    expect(errorOf(() => getTransfer(canceled.receiver, canceled.transfer.token))?.kind).toBe('not-found');
    const expired = transferIn('expired');
    expect(getTransfer(expired.sender, expired.transfer.token)).toBe(expired.transfer);
    expect(errorOf(() => getTransfer(expired.receiver, expired.transfer.token))?.kind).toBe('not-found');
  });

  test('unknown and malformed tokens are not found; tokens match case-insensitively', () => {
    const { sender, transfer } = pendingTransfer();
    expect(errorOf(() => getTransfer(sender, crypto.randomUUID()))?.kind).toBe('not-found');
    expect(errorOf(() => getTransfer(sender, 'not-a-uuid'))?.kind).toBe('not-found');
    expect(getTransfer(sender, transfer.token.toUpperCase())).toBe(transfer);
  });

  test('the list holds the transfers the account created or accepted, whichever of its users acted', () => {
    const { world, senderAccount, receiverAccount, sender, receiver, third, transfer } = pendingTransfer();
    const colleague = signIn(world, senderAccount, 'colleague');
    const other = createTransfer(colleague, { entities: {} });
    expect(listTransfers(sender)).toEqual([transfer, other]);
    expect(listTransfers(receiver)).toEqual([]);
    acceptTransfer(signIn(world, receiverAccount, 'receiver-2'), transfer.token);
    expect(listTransfers(receiver)).toEqual([transfer]);
    expect(listTransfers(third)).toEqual([]);
  });
});

describe('accept', () => {
  test('an accepted transfer is accepted and its instances move to the accepting account', () => {
    const { world, senderAccount, receiverAccount, receiver, nodes, transfer } = pendingTransfer();
    world.clockOffsetMs += 1000;
    acceptTransfer(receiver, transfer.token);
    expect(transferStatus(world, transfer)).toBe('accepted');
    expect(moves).toEqual([{ from: senderAccount, to: receiverAccount, ids: nodes }]);
    expect(nodes.every((id) => instanceOwnedBy(receiverAccount, id))).toBe(true);
    expect(transfer.updated.getTime()).toBeGreaterThan(transfer.created.getTime());
    // Accepted transfers never expire.
    expire(world);
    expect(transferStatus(world, transfer)).toBe('accepted');
  });

  test('the creating account cannot accept its own transfer, and the transfer stays pending', () => {
    const { world, sender, senderAccount, transfer } = pendingTransfer();
    expect(errorOf(() => acceptTransfer(sender, transfer.token))?.kind).toBe('forbidden');
    expect(errorOf(() => acceptTransfer(signIn(world, senderAccount, 'colleague'), transfer.token))?.kind).toBe(
      'forbidden',
    );
    expect(transferStatus(world, transfer)).toBe('pending');
  });

  test('only a pending transfer can be accepted', () => {
    const accepted = transferIn('accepted');
    expect(errorOf(() => acceptTransfer(accepted.receiver, accepted.transfer.token))?.kind).toBe('conflict');
    expect(errorOf(() => acceptTransfer(accepted.third, accepted.transfer.token))?.kind).toBe('not-found');
    const canceled = transferIn('canceled');
    expect(errorOf(() => acceptTransfer(canceled.receiver, canceled.transfer.token))).toBeDefined();
    const expired = transferIn('expired');
    expect(errorOf(() => acceptTransfer(expired.receiver, expired.transfer.token))).toBeDefined();
    expect(transferStatus(expired.world, expired.transfer)).toBe('expired');
  });

  test('an accepting account without a payment method is refused; once cured the accept succeeds', () => {
    const { world, receiver, receiverAccount, transfer } = pendingTransfer();
    let hasMethod = false;
    registerAccountStanding({ acceptorHasPaymentMethod: (a) => a !== receiverAccount || hasMethod });
    expect(errorOf(() => acceptTransfer(receiver, transfer.token))?.kind).toBe('conflict');
    expect(transferStatus(world, transfer)).toBe('pending');
    expect(moves).toEqual([]);
    hasMethod = true;
    acceptTransfer(receiver, transfer.token);
    expect(transferStatus(world, transfer)).toBe('accepted');
  });

  test('standing of either account, lost ownership and instance conditions refuse the accept', () => {
    const cases: ((s: ReturnType<typeof pendingTransfer>) => void)[] = [
      (s) => registerAccountStanding({ hasPastDueBalance: (a) => a === s.receiverAccount }),
      (s) => registerAccountStanding({ hasTosViolation: (a) => a === s.receiverAccount }),
      (s) => registerAccountStanding({ hasTosViolation: (a) => a === s.senderAccount }),
      (s) => owners.set(s.nodes[0] as number, s.third.account),
      (s) => blockers.set(s.nodes[1] as number, 'it has an attached volume'),
    ];
    for (const arrange of cases) {
      const s = pendingTransfer();
      arrange(s);
      expect(errorOf(() => acceptTransfer(s.receiver, s.transfer.token))?.kind).toBe('conflict');
      expect(transferStatus(s.world, s.transfer)).toBe('pending');
      registerAccountStanding(defaultStanding);
    }
  });

  test('restricted users cannot accept', () => {
    const { world, receiverAccount, transfer } = pendingTransfer();
    const rita = signIn(world, receiverAccount, 'rita', true);
    expect(errorOf(() => acceptTransfer(rita, transfer.token))?.kind).toBe('forbidden');
  });
});

describe('cancel', () => {
  test('the creating account cancels a pending transfer, which is then final', () => {
    const { world, sender, senderAccount, receiver, transfer } = pendingTransfer();
    cancelTransfer(signIn(world, senderAccount, 'colleague'), transfer.token);
    expect(transferStatus(world, transfer)).toBe('canceled');
    expect(errorOf(() => cancelTransfer(sender, transfer.token))?.kind).toBe('conflict');
    expect(errorOf(() => acceptTransfer(receiver, transfer.token))?.kind).toBe('not-found');
    expire(world);
    expect(transferStatus(world, transfer)).toBe('canceled');
  });

  test('another account cannot cancel a pending transfer', () => {
    const { world, receiver, transfer } = pendingTransfer();
    expect(errorOf(() => cancelTransfer(receiver, transfer.token))?.kind).toBe('forbidden');
    expect(transferStatus(world, transfer)).toBe('pending');
  });

  test('accepted and expired transfers cannot be canceled', () => {
    const accepted = transferIn('accepted');
    expect(errorOf(() => cancelTransfer(accepted.sender, accepted.transfer.token))?.kind).toBe('conflict');
    expect(errorOf(() => cancelTransfer(accepted.receiver, accepted.transfer.token))?.kind).toBe('forbidden');
    const expired = transferIn('expired');
    expect(errorOf(() => cancelTransfer(expired.sender, expired.transfer.token))?.kind).toBe('conflict');
  });
});

describe('expiry', () => {
  test('a pending transfer expires exactly at its expiry, lazily, and reports that moment as updated', () => {
    const { world, transfer } = pendingTransfer();
    world.clockOffsetMs += EXPIRY_HOURS * 3_600_000 - 1000;
    expect(transferStatus(world, transfer)).toBe('pending');
    world.clockOffsetMs += 1000;
    expect(transferStatus(world, transfer)).toBe('expired');
    expect(transferUpdated(world, transfer)).toEqual(transfer.expiry);
  });
});

describe('faults', () => {
  const statusAfter = (faults: string[], act: (s: ReturnType<typeof pendingTransfer>) => unknown) => {
    const s = pendingTransfer(faults);
    errorOf(() => act(s));
    return transferStatus(s.world, s.transfer);
  };

  test('transfer-foreign-instances-accepted and transfer-double-booking skip the create conditions', () => {
    const foreign = setup(['transfer-foreign-instances-accepted']);
    expect(createTransfer(foreign.sender, { entities: { nodes: [123456] } }).nodes).toEqual([123456]);
    const double = pendingTransfer(['transfer-double-booking']);
    expect(createTransfer(double.sender, { entities: { nodes: double.nodes } }).nodes).toEqual(double.nodes);
  });

  test('transfer-self-accept and transfer-accept-any-status', () => {
    expect(statusAfter(['transfer-self-accept'], (s) => acceptTransfer(s.sender, s.transfer.token))).toBe('accepted');
    // Without instances, so that no ownership condition refuses the second accept.
    const s = setup(['transfer-accept-any-status']);
    const empty = createTransfer(s.sender, { entities: {} });
    acceptTransfer(s.receiver, empty.token);
    expect(errorOf(() => acceptTransfer(s.receiver, empty.token))).toBeUndefined();
  });

  test('transfer-accept-without-payment-method skips the payment method condition', () => {
    registerAccountStanding({ acceptorHasPaymentMethod: () => false });
    const s = pendingTransfer(['transfer-accept-without-payment-method']);
    acceptTransfer(s.receiver, s.transfer.token);
    expect(transferStatus(s.world, s.transfer)).toBe('accepted');
  });

  test('transfer-rejected-accept-closes, transfer-accept-stays-pending, transfer-instances-stay', () => {
    expect(statusAfter(['transfer-rejected-accept-closes'], (s) => acceptTransfer(s.sender, s.transfer.token))).toBe(
      'canceled',
    );
    expect(statusAfter(['transfer-accept-stays-pending'], (s) => acceptTransfer(s.receiver, s.transfer.token))).toBe(
      'pending',
    );
    const s = pendingTransfer(['transfer-instances-stay']);
    acceptTransfer(s.receiver, s.transfer.token);
    expect(moves).toEqual([]);
  });

  test('the cancel faults', () => {
    expect(statusAfter(['transfer-cancel-by-other-account'], (s) => cancelTransfer(s.receiver, s.transfer.token))).toBe(
      'canceled',
    );
    expect(
      statusAfter(['transfer-cancel-accepted'], (s) => {
        acceptTransfer(s.receiver, s.transfer.token);
        cancelTransfer(s.sender, s.transfer.token);
      }),
    ).toBe('canceled');
    expect(
      statusAfter(['transfer-cancel-expired'], (s) => {
        expire(s.world);
        cancelTransfer(s.sender, s.transfer.token);
      }),
    ).toBe('canceled');
    const s = pendingTransfer(['transfer-cancel-repeatable']);
    cancelTransfer(s.sender, s.transfer.token);
    expect(errorOf(() => cancelTransfer(s.sender, s.transfer.token))).toBeUndefined();
    expect(statusAfter(['delete-keeps-item'], (t) => cancelTransfer(t.sender, t.transfer.token))).toBe('pending');
  });

  test('transfer-never-expires', () => {
    const s = pendingTransfer(['transfer-never-expires']);
    expire(s.world);
    expect(transferStatus(s.world, s.transfer)).toBe('pending');
  });

  test('the visibility faults', () => {
    const pending = pendingTransfer(['transfer-view-pending-creator-only']);
    expect(errorOf(() => getTransfer(pending.third, pending.transfer.token))?.kind).toBe('not-found');
    const accepted = pendingTransfer(['transfer-view-accepted-public']);
    acceptTransfer(accepted.receiver, accepted.transfer.token);
    expect(getTransfer(accepted.third, accepted.transfer.token)).toBe(accepted.transfer);
    const closed = pendingTransfer(['transfer-view-closed-public']);
    cancelTransfer(closed.sender, closed.transfer.token);
    expect(getTransfer(closed.third, closed.transfer.token)).toBe(closed.transfer);
  });

  test('the list faults', () => {
    const created = pendingTransfer(['transfer-list-created-only']);
    acceptTransfer(created.receiver, created.transfer.token);
    expect(listTransfers(created.receiver)).toEqual([]);
    const own = pendingTransfer(['transfer-list-own-user-only']);
    expect(listTransfers(signIn(own.world, own.senderAccount, 'colleague'))).toEqual([]);
  });

  test('transfer-token-not-uuid and restricted-allowed', () => {
    const s = setup(['transfer-token-not-uuid', 'restricted-allowed']);
    const t: Transfer = createTransfer(signIn(s.world, s.senderAccount, 'rita', true), { entities: {} });
    expect(t.token).toMatch(/^[0-9a-f]{32}$/);
  });
});
