// What is deliberately not tested, each with the reason it cannot be observed through the API.

import type { Exclusion } from './types.js';

export const exclusions: Exclusion[] = [];
