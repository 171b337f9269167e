// Self-tests of the state-table check: the next state passes, any other or none fails.

import { describe, expect, test } from 'vitest';
import { stateReached } from './state.js';

describe('state reached', () => {
  test('the row’s next state passes', () => {
    expect(stateReached('deleted', 'deleted', 'why').ok).toBe(true);
  });
  test('another state fails and names both', () => {
    expect(stateReached('deleted', 'exists', 'why')).toMatchObject({
      ok: false,
      check: 'state-reached',
      expected: 'state deleted',
      actual: 'state exists',
    });
  });
  test('no state at all fails', () => {
    expect(stateReached('deleted', undefined, 'why')).toMatchObject({ ok: false, actual: 'no state of the table' });
  });
});
