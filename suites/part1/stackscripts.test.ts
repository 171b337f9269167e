// Conformance of the stackscripts area (Part 1): one test per requirement.

import { conformance } from '../../src/suite/conformance.js';

conformance('stackscripts');
