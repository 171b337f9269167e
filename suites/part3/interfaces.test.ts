// Conformance of the interfaces area (Part 3): one test per requirement.

import { conformance } from '../support/author.js';
import { withLifecycleModel } from './instances/lifecycle-model.js';
import * as activity from './interfaces/activity.js';
import * as ops from './interfaces/operations.js';
import * as purpose from './interfaces/purpose.js';
import { responseProcedures } from './interfaces/responses.js';
import { interfaceAddVlanLimit } from './interfaces/vlan-limit.js';

conformance('interfaces', {
  ...responseProcedures,
  'interfaces/vlan-label-unique-per-instance': purpose.vlanLabelUnique,
  'interfaces/vlan-ipam-address-unique-per-instance': purpose.ipamAddressUnique,
  'interfaces/vlan-ipam-address-vlan-duplicates': purpose.ipamAddressVlanDuplicates,
  'interfaces/vpc-subnet-assigned-after-reboot': activity.vpcSubnetAssignedAfterReboot,
  'interfaces/vpc-ipv4-vpc-not-in-use': purpose.vpcAddressNotInUse,
  'interfaces/vpc-ipv4-vpc-not-reserved': purpose.vpcAddressNotReserved,
  'interfaces/vpc-ipv4-vpc-assigned-when-omitted': purpose.vpcAddressAssigned,
  'interfaces/vpc-nat-1-1-any': purpose.natAny,
  'interfaces/vpc-nat-1-1-own-address': purpose.natOwnAddress,
  'interfaces/vpc-nat-1-1-foreign-address-refused': purpose.natForeignRefused,
  'interfaces/vpc-nat-1-1-none': purpose.natNone,
  'interfaces/vpc-ip-ranges-not-in-use': purpose.rangesNotInUse,
  'interfaces/ipv4-only-vpc': purpose.ipv4OnlyVpc,
  'interfaces/one-primary-per-profile': purpose.onePrimary,
  'interfaces/empty-array-default-public': purpose.emptyArrayDefaultPublic,
  'interfaces/one-public-per-instance': purpose.onePublic,
  'interfaces/list/ordered': ops.listOrdered,
  'interfaces/add/appends': ops.addAppends,
  'interfaces/add/new-primary-demotes': ops.newPrimaryDemotes,
  'interfaces/add/at-most-three': ops.atMostThree,
  'interfaces/add/label-vlans-per-region': interfaceAddVlanLimit,
  'interfaces/add/inactive-until-reboot': activity.addedInactiveUntilReboot,
  'interfaces/order/all-ids-required': ops.orderAllIdsRequired,
  'interfaces/order/active-profile-needs-shutdown': activity.orderActiveNeedsShutdown,
  'interfaces/order/reorders': ops.orderReorders,
  'interfaces/update/vlan-refused': ops.updateVlanRefused,
  'interfaces/update/public-primary-only': ops.updatePublicPrimaryOnly,
  'interfaces/update/ip-ranges-replaced': ops.rangesReplaced,
  'interfaces/update/ip-ranges-emptied': ops.rangesEmptied,
  'interfaces/update/ip-ranges-kept': ops.rangesKept,
  'interfaces/delete/active-refused': withLifecycleModel(activity.deleteActiveRefused),
  'interfaces/delete/removed': ops.deleteRemoved,
  'interfaces/active-after-boot': withLifecycleModel(activity.activeAfterBoot),
  'interfaces/inactive-after-shutdown': withLifecycleModel(activity.inactiveAfterShutdown),
});
