// Conformance of the shared conventions (Part 1): one test per requirement.

import { conformance } from '../src/suite/conformance.js';

conformance('conventions');
