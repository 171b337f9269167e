// Self-tests of guessed catalogue values: a refusal that names a member carrying a guess makes the requirement error, with the flag to give; anything else is judged as before.

import { expect, test } from 'vitest';
import { opOf, requirementById } from '../../spec/index.js';
import type { Exchange } from '../http/exchange.js';
import type { RunConfig } from '../target/config.js';
import type { Session } from '../target/session.js';
import { refusedGuess } from './guessed-values.js';
import { Kit } from './kit.js';

const config = { regions: ['us-east'], images: ['node/debian12'], types: ['g6-nanode-1'], guessed: { regions: true } };

const refusal = (body: object, field: string): Exchange => ({
  request: { method: 'POST', url: 'http://127.0.0.1:9/v4/vpcs', headers: {}, body: JSON.stringify(body) },
  response: {
    status: 400,
    headers: {},
    text: '',
    json: { errors: [{ field, reason: 'region is not valid' }] },
    truncated: false,
  },
  startedAt: '',
  durationMs: 0,
});

test('a 400 naming the member that carried a guessed region is a refused guess', () => {
  expect(refusedGuess(config as unknown as RunConfig, refusal({ label: 'a', region: 'us-east' }, 'region'))).toEqual({
    member: 'region',
    value: 'us-east',
  });
  // Nested, as an interface or a subnet carries it.
  const nested = refusal({ interfaces: [{ region: 'us-east' }] }, 'interfaces[0].region');
  expect(refusedGuess(config as unknown as RunConfig, nested)?.value).toBe('us-east');
});

test("a rule case's own wrong value, a refusal of another member, or a value given by flag is no refused guess", () => {
  const c = config as unknown as RunConfig;
  expect(refusedGuess(c, refusal({ region: 'xx-nowhere' }, 'region'))).toBeUndefined();
  expect(refusedGuess(c, refusal({ region: 'us-east', label: '' }, 'label'))).toBeUndefined();
  expect(refusedGuess({ ...c, guessed: {} }, refusal({ region: 'us-east' }, 'region'))).toBeUndefined();
});

test('a requirement that failed on a refused guess is error, naming the flag to give', async () => {
  const session = {
    config,
    send: async () => refusal({ label: 'a', region: 'us-east' }, 'region'),
  } as unknown as Session;
  const requirement = requirementById.get('vpcs/create/label-length');
  if (!requirement) throw new Error('the encoding lost vpcs/create/label-length');
  const kit = new Kit(requirement, session, 1);
  await kit.send(opOf('vpcs/create'), { body: { label: 'a', region: 'us-east' } });
  kit.check({ ok: false, check: 'accepted-2xx', expected: 'a 2xx', actual: '400', hint: 'h' } as never);
  const outcome = kit.outcome();
  expect(outcome.verdict).toBe('error');
  expect(outcome.reason).toMatch(/the target refused region "us-east", which cloudconf guessed .*give --region/);
});
