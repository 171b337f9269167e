// Billing (Part 2): not yet encoded.

import type { AreaSpec } from '../types.js';

export const area: AreaSpec = {
  name: 'billing',
  part: 2,
  resources: [],
  operations: [],
  requirements: [],
  stateTables: [],
  events: [],
  errors: [],
  limits: [],
  notShown: [],
  ambiguities: [],
};
