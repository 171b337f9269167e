// Backups (Part 3): not yet encoded.

import type { AreaSpec } from '../types.js';

export const area: AreaSpec = {
  name: 'backups',
  part: 3,
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
