// Addresses of an instance (Part 3): networking information, IPv4 allocation, reverse DNS and address deletion, with the one-private-address limit.

import { defineArea } from '../area.js';
import { bool, jsonBody, notShownResponse, objectOf, oneOf, operations, req, scoped, str } from '../build.js';
import { on, proseOf } from '../prose.js';
import { otherRecords } from '../sections.js';
import type { Requirement, Resource } from '../types.js';
import { at, nodeParams, nodeRead, nodeWrite } from './common.js';

const addressesSection = 'Endpoints > Addresses';
const prose = proseOf(3);

export const ipAddress: Resource = {
  id: 'node-ip-address',
  title: 'IP address record',
  source: at(otherRecords),
  notShown: 'every field of the IP address record except `rdns`',
  fields: [str('rdns', { nullable: true, create: 'read-only', update: 'read-only', description: 'reverse DNS name' })],
};
const oneAddress = { nodeId: 'integer', address: { type: 'string', format: 'ip' } } as const;
const bodyNotShown = 'the response body';

const ops = operations(3, 'ips', [
  {
    id: 'ips/list',
    name: 'Networking Information List',
    method: 'GET',
    path: '/node/instances/{nodeId}/ips',
    params: nodeParams,
    response: objectOf(undefined, 'the fields of the networking information'),
    auth: scoped('nodes:read_only'),
    access: nodeRead,
    summary: 'Returns the networking information of an instance, with the addresses of all its VPC interfaces.',
    section: addressesSection,
  },
  {
    id: 'ips/allocate',
    name: 'IPv4 Address Allocate',
    method: 'POST',
    path: '/node/instances/{nodeId}/ips',
    params: nodeParams,
    body: jsonBody([
      req(bool('public', { description: 'true for a public address, false for a private one' })),
      req(str('type', { rules: [oneOf('ipv4')], description: 'address family to allocate' })),
    ]),
    response: notShownResponse(bodyNotShown),
    auth: scoped('nodes:read_write'),
    access: nodeWrite,
    effects: ['billing'],
    summary: 'Allocates a public or private IPv4 address to an instance.',
    section: addressesSection,
  },
  {
    id: 'ips/view',
    name: 'IP Address View',
    method: 'GET',
    path: '/node/instances/{nodeId}/ips/{address}',
    params: oneAddress,
    response: objectOf(undefined, 'the fields of the IP address record other than `rdns`'),
    auth: scoped('nodes:read_only'),
    access: nodeRead,
    summary: 'Returns one address of an instance.',
    section: addressesSection,
  },
  {
    id: 'ips/update',
    name: 'IP Address Update',
    method: 'PUT',
    path: '/node/instances/{nodeId}/ips/{address}',
    params: oneAddress,
    body: jsonBody([req(str('rdns', { nullable: true, description: 'reverse DNS name, or null' }))]),
    response: notShownResponse(bodyNotShown),
    auth: scoped('nodes:read_write'),
    access: nodeWrite,
    summary: 'Sets the reverse DNS of an IPv4 or IPv6 address of an instance.',
    section: addressesSection,
  },
  {
    id: 'ips/delete',
    name: 'IP Address Delete',
    method: 'DELETE',
    path: '/node/instances/{nodeId}/ips/{address}',
    params: oneAddress,
    response: notShownResponse(bodyNotShown),
    auth: scoped('nodes:read_write'),
    access: nodeWrite,
    effects: ['destructive'],
    summary: 'Removes an address from an instance.',
    section: addressesSection,
  },
]);

/** The requirement that holds the "one private IPv4 address per instance" limit. */
const ONE_PRIVATE = 'ips/allocate/at-most-one-private';

const requirements: Requirement[] = [
  prose(
    'ips/list/every-vpc-interface',
    'MUST',
    'The networking information of an instance lists the addresses of every VPC interface of every one of its configuration profiles.',
    on('ips/list'),
    'behaviour',
    addressesSection,
  ),
  prose(
    'ips/allocate/public-or-private',
    'MUST',
    'An allocation with `public` true adds a public IPv4 address to the instance, and with `public` false a private one.',
    on('ips/allocate', 'public'),
    'persistence',
    addressesSection,
  ),
  prose(
    ONE_PRIVATE,
    'MUST',
    'An instance holds at most one private IPv4 address: allocating another while it has one is refused.',
    on('ips/allocate', 'public'),
    'state',
    addressesSection,
  ),
  prose(
    'ips/allocate/extra-public-needs-support-request',
    'MUST',
    'An additional public IPv4 address is allocated only after a support request for it; without one the allocation is refused.',
    on('ips/allocate', 'public'),
    'state',
    addressesSection,
  ),
  prose(
    'ips/allocate/extra-public-charged',
    'MUST',
    'Each additional public IPv4 address allocated to an instance is charged.',
    on('ips/allocate', 'public'),
    'behaviour',
    addressesSection,
  ),
  prose(
    'ips/rdns-in-record',
    'MUST',
    'The IP address record carries `rdns`, the reverse DNS name of the address.',
    { kind: 'resource', resource: 'node-ip-address', field: 'rdns' },
    'response',
    otherRecords,
  ),
  prose(
    'ips/update/rdns-applied',
    'MUST',
    'After a successful update the address record reads the `rdns` given, for IPv4 and IPv6 addresses alike.',
    on('ips/update', 'rdns'),
    'persistence',
    addressesSection,
  ),
  prose(
    'ips/update/null-restores-default',
    'MUST',
    "Setting `rdns` to null on a public IPv4 address restores the provider's default reverse DNS name rather than leaving it empty.",
    on('ips/update', 'rdns'),
    'persistence',
    addressesSection,
  ),
  prose(
    'ips/delete/not-last-public-ipv4',
    'MUST',
    "Deleting the instance's last public IPv4 address is refused and the address stays assigned.",
    on('ips/delete', 'address'),
    'state',
    addressesSection,
  ),
  prose(
    'ips/delete/not-nat-target',
    'MUST',
    'Deleting an address that has a 1:1 NAT to an active VPC subnet address is refused and the address stays assigned.',
    on('ips/delete', 'address'),
    'state',
    addressesSection,
  ),
];

export const area = defineArea(3, 'ips', {
  resources: [ipAddress],
  operations: ops,
  requirements,
  limits: [
    {
      item: 'Private IPv4 addresses per instance',
      limit: 'one',
      encodedAt: [],
      numbers: [],
      note: `a count of addresses already held, not a bound on a request value: requirement ${ONE_PRIVATE}`,
    },
  ],
  notShown: [
    { subject: 'ips/list', what: 'the fields of the networking information', source: at(addressesSection) },
    {
      subject: 'node-ip-address',
      what: 'the fields of the IP address record other than `rdns`',
      source: at(otherRecords),
    },
    {
      subject: 'ips',
      what: 'the response bodies of address allocate, update and delete',
      source: at('Endpoints'),
    },
    {
      subject: 'ips/update',
      what: "the provider's default reverse DNS name that null restores",
      source: at(addressesSection),
    },
    {
      subject: 'ips',
      what: 'status codes and reason texts of the allocate and delete refusals',
      source: at('Errors'),
    },
    { subject: 'ips', what: 'events of the address operations', source: at('Events') },
  ],
  ambiguities: [
    {
      id: 'ips/scope',
      source: at(addressesSection),
      question:
        'The Addresses table names a scope only for the list; Part 1 also lists an `ips` scope area (used by the VPC IP lists).',
      encoding:
        'The Part 3 Authentication section applies: `nodes:read_only` for list and view, `nodes:read_write` for allocate, update and delete.',
    },
    {
      id: 'ips/extra-public',
      source: at(addressesSection),
      question:
        '"Extra public addresses" is not defined; it is read as any public IPv4 beyond the one an instance gets on creation. How a support request is made or seen is not in these documents.',
      encoding:
        'Allocating a second public IPv4 without a support request is refused (MUST); the charge is a billing requirement.',
    },
    {
      id: 'ips/rdns-null-other-addresses',
      source: at(addressesSection),
      question: 'What null `rdns` does on a private IPv4 or an IPv6 address is not said.',
      encoding: 'Null is accepted by type for every address; only the public IPv4 default restore is asserted.',
    },
    {
      id: 'ips/address-format',
      source: at(addressesSection),
      question: 'The `{address}` parameter is "a string (IP)" and covers IPv4 and IPv6.',
      encoding: 'Typed string of format `ip` (either family); an IPv6 address goes into the path as written.',
    },
  ],
});
