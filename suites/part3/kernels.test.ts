// Conformance of the kernels area (Part 3): one test per requirement.

import { conformance } from '../support/author.js';
import { namedListed, namedViewable } from './kernels/named.js';

conformance('kernels', {
  'kernels/view/named-kernels': namedViewable,
  'kernels/list/named-kernels': namedListed,
});
