// Self-test that the parts of undici loaded one by one are the very classes undici exports, so an undici that moves or changes them fails here rather than in a run.

import * as undici from 'undici';
import { expect, test } from 'vitest';
import { EnvHttpProxyAgent, Pool } from './undici-parts.js';

test('Pool and EnvHttpProxyAgent loaded from their modules are the classes of undici', () => {
  expect(Pool).toBe(undici.Pool);
  expect(EnvHttpProxyAgent).toBe(undici.EnvHttpProxyAgent);
});
