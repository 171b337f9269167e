// Conformance of the oauth-clients area (Part 2): one test per requirement.

import { conformance } from '../../src/suite/conformance.js';

conformance('oauth-clients');
