// Self-tests of the constructors every area file shares: prose requirements (spec/prose.ts) and the area assembly (spec/area.ts).

import { describe, expect, test } from 'vitest';
import { defineArea } from '../../spec/area.js';
import { on, onResource, onTransition, proseOf } from '../../spec/prose.js';

describe('prose requirements', () => {
  test('A prose requirement cites the section of its part and is not a convention unless marked', () => {
    const requirement = proseOf(2)('users/create/x', 'MUST', 'A sentence.', on('users/create'), 'behaviour', 'Errors');
    expect(requirement).toStrictEqual({
      id: 'users/create/x',
      level: 'MUST',
      text: 'A sentence.',
      source: { part: 2, section: 'Errors' },
      subject: { kind: 'operation', operation: 'users/create' },
      family: 'behaviour',
    });
  });

  test('A prose requirement marked as a convention says so', () => {
    const requirement = proseOf(1)('tags/list/x', 'SHOULD', 'A sentence.', on('tags/list'), 'behaviour', 'S', true);
    expect(requirement.convention).toBe(true);
  });

  test('A subject names its field only when one is given', () => {
    expect(on('vpcs/create', 'label')).toStrictEqual({ kind: 'operation', operation: 'vpcs/create', field: 'label' });
    expect(onResource('vpc')).toStrictEqual({ kind: 'resource', resource: 'vpc' });
    expect(onTransition('vpc-delete', 'delete')).toStrictEqual({
      kind: 'state-table',
      table: 'vpc-delete',
      transition: 'delete',
    });
  });
});

describe('area assembly', () => {
  test('An area leaves empty the lists it does not give, and gives its part to its event, error and limit rows', () => {
    const area = defineArea(3, 'example', {
      operations: [],
      requirements: [],
      events: [{ action: 'example_create', emittedBy: [], source: { part: 3, section: 'Events' } }],
      errors: [{ id: 'example-refused', condition: 'c', behaviour: 'b', operations: [], requirements: [] }],
      limits: [{ item: 'Example label', limit: '1..3', encodedAt: [], numbers: [1, 3] }],
    });
    expect(area).toStrictEqual({
      name: 'example',
      part: 3,
      resources: [],
      operations: [],
      requirements: [],
      stateTables: [],
      events: [{ action: 'example_create', part: 3, emittedBy: [], source: { part: 3, section: 'Events' } }],
      errors: [{ id: 'example-refused', part: 3, condition: 'c', behaviour: 'b', operations: [], requirements: [] }],
      limits: [{ part: 3, item: 'Example label', limit: '1..3', encodedAt: [], numbers: [1, 3] }],
      notShown: [],
      ambiguities: [],
    });
  });
});
