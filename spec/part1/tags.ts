// Tags (Part 1): not yet encoded.

import type { AreaSpec } from '../types.js';

export const area: AreaSpec = {
  name: 'tags',
  part: 1,
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
