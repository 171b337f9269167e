// Conformance of the transfers area (Part 2): one test per requirement.

import { conformance } from '../../src/suite/conformance.js';

conformance('transfers');
