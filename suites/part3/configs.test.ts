// Conformance of the configs area (Part 3): one test per requirement.

import { conformance } from '../../src/suite/conformance.js';
import * as profiles from './configs/profiles.js';

conformance('configs', {
  'configs/create/devices-may-be-empty': profiles.devicesMayBeEmpty,
  'configs/create/other-kernels': profiles.otherKernels,
  'configs/create/root-device-invalid-defaults': profiles.createRootDeviceDefaults,
  'configs/update/root-device-invalid-defaults': profiles.updateRootDeviceDefaults,
  'configs/update/interfaces-redefined': profiles.interfacesRedefined,
});
