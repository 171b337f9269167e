// Faults of interfaces: each a defect the reference server can switch on, with the requirements that must fail.

import { crossRuleSkips, eventMissing, faultsOf, skipRule } from './define.js';

const f = faultsOf('interfaces');

export const interfacesFaults = [
  ...crossRuleSkips('interfaces'),
  eventMissing('interfaces', 'node_config_update'),
  f('default-public-missing', 'behaviour', 'gives an empty interfaces array no default public interface', [
    'interfaces/empty-array-default-public',
  ]),
  f('interface-public-twice', 'behaviour', 'accepts a second public interface on an instance', [
    'interfaces/one-public-per-instance',
  ]),
  f('vlan-label-shared', 'behaviour', 'accepts a vlan label another interface of the instance uses', [
    'interfaces/vlan-label-unique-per-instance',
  ]),
  skipRule('interfaces/add/label-vlans-per-region'),
  f('ipam-address-shared', 'behaviour', 'accepts an ipam_address another interface of the instance uses', [
    'interfaces/vlan-ipam-address-unique-per-instance',
  ]),
  f('vpc-reserved-address-accepted', 'behaviour', 'assigns the reserved first or last subnet addresses', [
    'interfaces/vpc-ipv4-vpc-not-reserved',
  ]),
  f('vpc-address-reused', 'behaviour', 'assigns a VPC address that is already in use', [
    'interfaces/vpc-ipv4-vpc-not-in-use',
  ]),
  f('vpc-range-reused', 'behaviour', 'routes a range that is already assigned', [
    'interfaces/vpc-ip-ranges-not-in-use',
  ]),
  f('nat-foreign-address-accepted', 'behaviour', "accepts a 1:1 NAT to an address not the instance's", [
    'interfaces/vpc-nat-1-1-foreign-address-refused',
  ]),
  f('ip-ranges-update-ignored', 'persistence', 'keeps ip_ranges when an update replaces them', [
    'interfaces/update/ip-ranges-replaced',
    'interfaces/update/ip-ranges-emptied',
  ]),
  f('interface-add-beyond-limit', 'behaviour', 'adds a fourth interface to a profile', [
    'interfaces/add/at-most-three',
  ]),
  f('interface-vlan-update-allowed', 'behaviour', 'accepts an update of a vlan interface', [
    'interfaces/update/vlan-refused',
  ]),
  f('interface-delete-active-allowed', 'state', 'deletes an active interface', ['interfaces/delete/active-refused']),
  f('interface-order-partial-accepted', 'behaviour', 'reorders with only some of the interface ids', [
    'interfaces/order/all-ids-required',
  ]),
  f('interface-order-active-allowed', 'state', 'reorders the interfaces of the active profile while running', [
    'interfaces/order/active-profile-needs-shutdown',
  ]),
  f('interfaces-never-active', 'state', 'never marks interfaces active after a boot', ['interfaces/active-after-boot']),
  f('interfaces-stay-active', 'state', 'leaves interfaces active after a shut down', [
    'interfaces/inactive-after-shutdown',
  ]),
];
