// Faults of configuration profiles: each a defect the reference server can switch on, with the requirements that must fail.

import { crossRuleSkips, skipRule } from './define.js';

export const configsFaults = [
  ...crossRuleSkips('configs'),
  skipRule('configs/create/interfaces.label-vlans-per-region'),
  skipRule('configs/update/interfaces.label-vlans-per-region'),
];
