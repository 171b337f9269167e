// Faults of IP addresses: each a defect the reference server can switch on, with the requirements that must fail.

import { faultsOf } from './define.js';

const f = faultsOf('ips');

export const ipsFaults = [
  f('ips-list-vpc-active-only', 'behaviour', 'lists only the addresses of active VPC interfaces', [
    'ips/list/every-vpc-interface',
  ]),
  f(
    'ips-allocate-kind-swapped',
    'persistence',
    'allocates a private address when a public one is asked and the reverse',
    ['ips/allocate/public-or-private'],
  ),
  f('ips-second-private-allowed', 'state', 'allocates a second private IPv4 address', [
    'ips/allocate/at-most-one-private',
  ]),
  f('ips-extra-public-allowed', 'state', 'allocates an extra public IPv4 address without a support request', [
    'ips/allocate/extra-public-needs-support-request',
  ]),
  f('ips-rdns-null-empty', 'persistence', 'leaves rdns null instead of the default name on a public IPv4', [
    'ips/update/null-restores-default',
  ]),
  f('ips-last-public-deletable', 'state', "deletes the instance's last public IPv4 address", [
    'ips/delete/not-last-public-ipv4',
  ]),
  f('ips-nat-target-deletable', 'state', 'deletes an address that is the 1:1 NAT of an active VPC interface', [
    'ips/delete/not-nat-target',
  ]),
];
