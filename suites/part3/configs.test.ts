// Conformance of the configs area (Part 3): one test per requirement.

import { conformance } from '../support/author.js';
import * as profiles from './configs/profiles.js';
import { configCreateVlanLimit, configUpdateVlanLimit } from './interfaces/vlan-limit.js';

conformance('configs', {
  'configs/create/devices-may-be-empty': profiles.devicesMayBeEmpty,
  'configs/create/other-kernels': profiles.otherKernels,
  'configs/create/root-device-invalid-defaults': profiles.createRootDeviceDefaults,
  'configs/update/root-device-invalid-defaults': profiles.updateRootDeviceDefaults,
  'configs/update/interfaces-redefined': profiles.interfacesRedefined,
  // Derived, but the region's VLAN count needs an account of the test's own.
  'configs/create/interfaces.label-vlans-per-region': configCreateVlanLimit,
  'configs/update/interfaces.label-vlans-per-region': configUpdateVlanLimit,
});
