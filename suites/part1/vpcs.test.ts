// Conformance of the vpcs area (Part 1): one test per requirement.

import { conformance } from '../../src/suite/conformance.js';

conformance('vpcs');
