// Self-test of inTurn: procedures run in the order given, each to its end, and a throw stops the rest.

import { describe, expect, test } from 'vitest';
import { inTurn } from './in-turn.js';
import type { WrittenContext } from './procedures/request.js';

const ctx = {} as WrittenContext;

describe('inTurn', () => {
  test('runs each procedure to its end before the next', async () => {
    const seen: string[] = [];
    const step = (name: string) => async () => {
      seen.push(`${name} starts`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      seen.push(`${name} ends`);
    };
    await inTurn(step('model'), step('written'))(ctx);
    expect(seen).toEqual(['model starts', 'model ends', 'written starts', 'written ends']);
  });

  test('a throw ends the requirement: later procedures do not run', async () => {
    const seen: string[] = [];
    const failing = async () => {
      throw new Error('model broken');
    };
    await expect(inTurn(failing, async () => void seen.push('written'))(ctx)).rejects.toThrow('model broken');
    expect(seen).toEqual([]);
  });
});
