// Self-tests of `5.0` for an integer (issue 17): the reference server refuses a whole number written with a fraction where the field is an integer, takes it where the field is a number, and reads it as the integer under its fault.

import { describe, expect, test } from 'vitest';
import { WHOLE_FLOAT_READ } from './faults-whole-float.js';
import { asOwner } from './test-support/owner.js';

const send = (fault: string | undefined, id: string, rawBody: string) =>
  asOwner(fault ? [fault] : []).sendRaw(id, rawBody);

const service = (timeout: string) =>
  `{"label":"svc-1","service_type":"tcp","address":"http://svc.example.com/","timeout":${timeout}}`;

describe('a whole number written with a fraction', () => {
  test('is refused for an integer field, naming it, and 30 is taken', () => {
    expect(send(undefined, 'managed/services/create', service('30')).status).toBe(200);
    const r = send(undefined, 'managed/services/create', service('30.0'));
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toContain('timeout');
  });

  test('is read as the integer it equals under the fault, and stored as one', () => {
    const r = send(WHOLE_FLOAT_READ, 'managed/services/create', service('30.0'));
    expect(r.status).toBe(200);
    expect((r.body as { timeout: unknown }).timeout).toBe(30);
  });
});
