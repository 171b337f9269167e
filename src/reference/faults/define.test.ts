// Self-tests of the fault constructors: a dropped event fails exactly the requirements that record its action.

import { describe, expect, test } from 'vitest';
import { faults } from '../faults.js';
import { eventMissing } from './define.js';

describe('event-missing faults', () => {
  test('a dropped action fails every operation that records it', () => {
    expect(eventMissing('interfaces', 'node_config_update').catches).toEqual([
      'interfaces/add/event/node_config_update',
      'interfaces/update/event/node_config_update',
      'interfaces/delete/event/node_config_update',
    ]);
  });

  test('every catalogued dropped event names an action some requirement records', () => {
    const idle = faults.filter((x) => x.name.startsWith('event-missing:') && x.catches.length === 0);
    expect(idle.map((x) => x.name)).toEqual([]);
  });
});
