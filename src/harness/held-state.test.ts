// Self-tests of judging inside a held state: an answer given once the state had ended is skipped, never judged.

import { describe, expect, test } from 'vitest';
import { requirementById } from '../../spec/index.js';
import type { Session } from '../target/session.js';
import { firstEnded, type HeldState, requireStillHeld } from './held-state.js';
import { Kit, SkipRequirement } from './kit.js';

/** A state that shows the values given, one read after another. */
const showing = (what: string, ...values: unknown[]): HeldState => ({
  what,
  shown: values[0],
  read: async () => values.shift(),
  holds: (v) => v === 'rebooting',
});

const kit = () => {
  const r = requirementById.get('instances/reboot/busy-refused');
  if (!r) throw new Error('the encoding lost instances/reboot/busy-refused');
  return new Kit(r, {} as Session, 1);
};

describe('held states', () => {
  test('every state still holding: the answer may be judged', async () => {
    const states = [showing('instance 1', 'rebooting'), showing('instance 2', 'rebooting')];
    expect(await firstEnded(states)).toBeUndefined();
    await expect(requireStillHeld(kit(), [showing('instance 1', 'rebooting')], 'the probe')).resolves.toBeUndefined();
  });

  test('one state ended: the requirement is skipped with what it read, so an early end is never a failure', async () => {
    const ended = showing('instance 2', 'running');
    expect(await firstEnded([showing('instance 1', 'rebooting'), ended])).toMatchObject({ now: 'running' });
    const run = requireStillHeld(kit(), [showing('instance 3', 'running')], 'the probe');
    await expect(run).rejects.toBeInstanceOf(SkipRequirement);
    await expect(requireStillHeld(kit(), [showing('instance 3', 'running')], 'the probe')).rejects.toThrow(
      /instance 3 read "running" once the probe was answered/,
    );
  });
});
