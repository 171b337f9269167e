// Configuration profile interfaces (Part 3): the Interface fields shared with instance and profile bodies, the rules by purpose as data, the interface operations, the activity state table and `node_config_update`.

import { defineArea } from '../area.js';
import {
  arr,
  bodyOf,
  bool,
  int,
  item,
  items,
  jsonBody,
  matches,
  maxLength,
  mustNotMatch,
  notShownResponse,
  obj,
  objectOf,
  oneOf,
  operations,
  req,
  scoped,
  str,
} from '../build.js';
import { on, onResource } from '../prose.js';
import { statesSection } from '../sections.js';
import type { Ambiguity, CrossRule, Field, Json, NotShown, Requirement, Resource, Rule } from '../types.js';
import { at, clause, nodeRead, nodeWrite } from './common.js';

// Limits and values --------------------------------------------------------------------------

export const PURPOSES = ['public', 'vlan', 'vpc'] as const;
export type Purpose = (typeof PURPOSES)[number];
export const INTERFACE_LABEL = { min: 1, max: 64 } as const;
/** Interfaces per configuration profile; the minimum is met by the default public interface of an empty array. */
export const INTERFACES_PER_PROFILE = { min: 1, max: 3 } as const;
export const VLANS_PER_REGION = 10;
/** Addresses at each end of a VPC subnet range that an interface cannot take. */
const RESERVED_SUBNET_ADDRESSES = { first: 2, last: 2 } as const;
const NAT_ANY = 'any';

const fieldsSection = 'Resources and their fields > Interface (element of `interfaces` and body of interface add)';
const endpointsSection = 'Endpoints > Configuration profiles and interfaces';

// The Interface ------------------------------------------------------------------------------

const ipOrEmpty: Rule = {
  kind: 'custom',
  id: 'ip',
  check: 'ip-or-empty',
  text: 'be an IP address, or an empty string',
};
const natTarget: Rule = {
  kind: 'custom',
  id: 'ip-or-any',
  check: 'ip-any-or-empty',
  text: `be \`${NAT_ANY}\`, an IP address, or empty`,
  params: { keyword: NAT_ANY },
};
const ipNetmaskOrEmpty: Rule = {
  kind: 'custom',
  id: 'ip-netmask',
  check: 'ip-netmask-or-empty',
  text: 'be an address in ip/netmask (CIDR) form, or empty for public and vpc interfaces',
  params: { format: 'ip-netmask' },
};

/** Rules on `label` that hold whatever the purpose: public and vpc labels are empty, so only vlan labels meet them. */
const labelRules: Rule[] = [
  maxLength(INTERFACE_LABEL.max),
  matches('vlan-characters', '^[A-Za-z0-9-]*$', 'contain only ASCII letters, digits and hyphens'),
  mustNotMatch('no-double-hyphen', '--', 'hold no two consecutive hyphens'),
  {
    kind: 'custom',
    id: 'vlans-per-region',
    check: 'vlan-count-per-region',
    text: `name, for a vlan interface, a VLAN of the region that exists or can still be created (at most ${VLANS_PER_REGION} VLANs per region)`,
    params: { max: VLANS_PER_REGION },
  },
];

export const iface: Resource = {
  id: 'interface',
  title: 'Interface',
  source: at(fieldsSection),
  fields: [
    int('id', {
      create: 'read-only',
      update: 'read-only',
      description: 'interface ID (used by the interface paths and the order body; not a row of the table)',
    }),
    str('purpose', {
      create: 'required',
      update: 'not-accepted',
      rules: [oneOf(...PURPOSES)],
      description: 'kind of network: public, VLAN or VPC; cannot change',
    }),
    str('label', {
      nullable: true,
      create: 'optional',
      rules: labelRules,
      description: 'VLAN name for vlan interfaces (1..64 characters); empty or null otherwise',
    }),
    str('ipam_address', {
      nullable: true,
      create: 'optional',
      rules: [ipNetmaskOrEmpty],
      description: 'address of a vlan interface, format ip/netmask (CIDR)',
    }),
    bool('primary', {
      create: 'optional',
      update: 'optional',
      description: 'default route; at most one per profile; false for vlan',
    }),
    int('subnet_id', {
      nullable: true,
      create: 'optional',
      update: 'not-accepted',
      description: 'VPC subnet ID; cannot change once assigned',
    }),
    obj(
      'ipv4',
      [
        str('vpc', { nullable: true, rules: [ipOrEmpty], description: 'address in the VPC subnet' }),
        str('nat_1_1', {
          nullable: true,
          rules: [natTarget],
          description: 'public IPv4 address of a 1:1 NAT, or `any` for the instance’s own',
        }),
      ],
      {
        nullable: true,
        create: 'optional',
        update: 'optional',
        description: 'VPC addresses; only for vpc interfaces; null when no vpc interface is assigned',
      },
    ),
    arr('ip_ranges', item('string', { format: 'ipv4-cidr' }), {
      nullable: true,
      create: 'optional',
      update: 'optional',
      description: 'IPv4 CIDR ranges of the VPC subnet routed to the interface',
    }),
    bool('active', {
      create: 'read-only',
      update: 'read-only',
      description: 'true when the instance has been booted with the profile the interface belongs to',
    }),
  ],
};

/** One interface as an element of an `interfaces` array (instance create, profile create and update). */
export const interfaceItem: Field = obj('item', bodyOf(iface, 'create').fields);

/** The `interfaces` array of instance and profile bodies, with the per-profile maximum. */
export const interfacesField = (options: Omit<Field, 'name' | 'type' | 'items'> = {}): Field =>
  arr('interfaces', interfaceItem, {
    rules: [items(undefined, INTERFACES_PER_PROFILE.max)],
    description: 'network interfaces in order: eth0, eth1, eth2; an empty array gives one default public interface',
    ...options,
  });

/**
 * The cells of "Rules by purpose" that one interface of a body can be held to, for an interface at
 * the top of a body (interface add) or for each element of the array `prefix`.
 */
export function purposeRules(prefix?: string): CrossRule[] {
  const p = (name: string) => (prefix ? `${prefix}.${name}` : name);
  const each: { [key: string]: Json } = prefix ? { each: prefix } : {};
  return [
    {
      id: p('vlan-label-required'),
      kind: 'required-if',
      fields: [p('label'), p('purpose')],
      params: { ...each, purpose: 'vlan', minLength: INTERFACE_LABEL.min },
      text: `A \`vlan\` interface needs a \`label\` of at least ${INTERFACE_LABEL.min} character.`,
    },
    {
      id: p('label-empty-unless-vlan'),
      kind: 'conditional-values',
      fields: [p('label'), p('purpose')],
      params: { ...each, purposes: ['public', 'vpc'], allowed: ['', null] },
      text: 'A `public` or `vpc` interface takes only an empty string or null as `label`.',
    },
    {
      id: p('ipam-address-empty-unless-vlan'),
      kind: 'conditional-values',
      fields: [p('ipam_address'), p('purpose')],
      params: { ...each, purposes: ['public', 'vpc'], allowed: ['', null] },
      text: 'A `public` or `vpc` interface takes only an empty string or null as `ipam_address`.',
    },
    {
      id: p('vpc-subnet-id-required'),
      kind: 'required-if',
      fields: [p('subnet_id'), p('purpose')],
      params: { ...each, purpose: 'vpc' },
      text: 'A `vpc` interface needs a `subnet_id`.',
    },
    {
      id: p('ip-ranges-only-vpc'),
      kind: 'conditional-values',
      fields: [p('ip_ranges'), p('purpose')],
      params: { ...each, purposes: ['public', 'vlan'], allowed: [[], null] },
      text: 'Only a `vpc` interface takes `ip_ranges` items; for other purposes the array is empty.',
    },
    {
      id: p('vlan-not-primary'),
      kind: 'conditional-values',
      fields: [p('primary'), p('purpose')],
      params: { ...each, purposes: ['vlan'], allowed: [false] },
      text: 'A `vlan` interface cannot be `primary`.',
    },
  ];
}

/** Rules across the interfaces of one array, which is one configuration profile. */
export function interfaceArrayRules(prefix = 'interfaces'): CrossRule[] {
  return [
    {
      id: `${prefix}.one-primary`,
      kind: 'custom',
      fields: [`${prefix}.primary`],
      params: { each: prefix, maxTrue: 1 },
      text: 'At most one interface of the array has `primary` true.',
    },
    {
      id: `${prefix}.one-public`,
      kind: 'custom',
      fields: [`${prefix}.purpose`],
      params: { each: prefix, purpose: 'public', max: 1 },
      text: 'At most one interface of the array has purpose `public`.',
    },
    {
      id: `${prefix}.vlan-label-unique`,
      kind: 'unique-among',
      fields: [`${prefix}.label`],
      params: { each: prefix, purpose: 'vlan' },
      text: 'No two vlan interfaces of the array share a `label`.',
    },
    {
      id: `${prefix}.ipam-address-unique`,
      kind: 'unique-among',
      fields: [`${prefix}.ipam_address`],
      params: { each: prefix, purpose: 'vlan' },
      text: 'No two interfaces of the array share an `ipam_address`.',
    },
  ];
}

// Rules by purpose, as data ------------------------------------------------------------------

/** A cell of the "Rules by purpose" table. */
export interface PurposeCell {
  /**
   * What a request may carry: `empty-or-null` (an empty string or null), `empty` (no items),
   * `required`, `optional`, or `not-stated` (the cell speaks of responses only).
   */
  request: 'empty-or-null' | 'empty' | 'required' | 'optional' | 'not-stated';
  /** The value responses hold, where the cell fixes it. */
  response?: Json;
  /** Field rule ids (on the interface field) that carry the cell. */
  fieldRules?: string[];
  /** Body cross rule ids (without an array prefix) that carry the cell. */
  crossRules?: string[];
  /** Written or derived requirement ids that carry the cell. */
  requirements?: string[];
}

export type PurposeRuleField = 'label' | 'ipam_address' | 'subnet_id' | 'ipv4.vpc' | 'ipv4.nat_1_1' | 'ip_ranges';

/** The "Rules by purpose" table: for each field and purpose, the request rule and the response value. */
export const rulesByPurpose: Record<PurposeRuleField, Record<Purpose, PurposeCell>> = {
  label: {
    public: {
      request: 'empty-or-null',
      response: null,
      crossRules: ['label-empty-unless-vlan'],
      requirements: ['interfaces/public-label-response-null'],
    },
    vlan: {
      request: 'required',
      fieldRules: ['length', 'vlan-characters', 'no-double-hyphen', 'vlans-per-region'],
      crossRules: ['vlan-label-required', 'vlan-label-unique'],
      requirements: ['interfaces/vlan-label-unique-per-instance', 'interfaces/vlan-label-creates-vlan'],
    },
    vpc: {
      request: 'empty-or-null',
      response: null,
      crossRules: ['label-empty-unless-vlan'],
      requirements: ['interfaces/vpc-label-response-null'],
    },
  },
  ipam_address: {
    public: {
      request: 'empty-or-null',
      response: null,
      crossRules: ['ipam-address-empty-unless-vlan'],
      requirements: ['interfaces/public-ipam-address-response-null'],
    },
    vlan: {
      request: 'optional',
      fieldRules: ['ip-netmask'],
      crossRules: ['ipam-address-unique'],
      requirements: [
        'interfaces/vlan-ipam-address-unique-per-instance',
        'interfaces/vlan-ipam-address-vlan-duplicates',
        'interfaces/vlan-ipam-address-network-helper',
      ],
    },
    vpc: {
      request: 'empty-or-null',
      response: null,
      crossRules: ['ipam-address-empty-unless-vlan'],
      requirements: ['interfaces/vpc-ipam-address-response-null'],
    },
  },
  subnet_id: {
    public: { request: 'not-stated', response: null, requirements: ['interfaces/public-subnet-id-response-null'] },
    vlan: { request: 'not-stated', response: null, requirements: ['interfaces/vlan-subnet-id-response-null'] },
    vpc: {
      request: 'required',
      crossRules: ['vpc-subnet-id-required'],
      requirements: ['interfaces/update/subnet_id-not-accepted', 'interfaces/vpc-subnet-assigned-after-reboot'],
    },
  },
  'ipv4.vpc': {
    public: {
      request: 'not-stated',
      response: '',
      requirements: ['interfaces/public-ipv4-vpc-response-empty', 'interfaces/ipv4-only-vpc'],
    },
    vlan: {
      request: 'not-stated',
      response: '',
      requirements: ['interfaces/vlan-ipv4-vpc-response-empty', 'interfaces/ipv4-only-vpc'],
    },
    vpc: {
      request: 'optional',
      fieldRules: ['ip'],
      requirements: [
        'interfaces/vpc-ipv4-vpc-not-in-use',
        'interfaces/vpc-ipv4-vpc-not-reserved',
        'interfaces/vpc-ipv4-vpc-assigned-when-omitted',
      ],
    },
  },
  'ipv4.nat_1_1': {
    public: {
      request: 'not-stated',
      response: '',
      requirements: ['interfaces/public-nat-1-1-response-empty', 'interfaces/ipv4-only-vpc'],
    },
    vlan: {
      request: 'not-stated',
      response: '',
      requirements: ['interfaces/vlan-nat-1-1-response-empty', 'interfaces/ipv4-only-vpc'],
    },
    vpc: {
      request: 'optional',
      fieldRules: ['ip-or-any'],
      crossRules: ['interfaces.nat-1-1-no-specific-address'],
      requirements: [
        'interfaces/vpc-nat-1-1-any',
        'interfaces/vpc-nat-1-1-own-address',
        'interfaces/vpc-nat-1-1-foreign-address-refused',
        'interfaces/vpc-nat-1-1-address-not-shared',
        'interfaces/vpc-nat-1-1-none',
      ],
    },
  },
  ip_ranges: {
    public: { request: 'empty', crossRules: ['ip-ranges-only-vpc'] },
    vlan: { request: 'empty', crossRules: ['ip-ranges-only-vpc'] },
    vpc: {
      request: 'optional',
      requirements: [
        'interfaces/vpc-ip-ranges-not-in-use',
        'interfaces/update/ip-ranges-replaced',
        'interfaces/update/ip-ranges-emptied',
        'interfaces/update/ip-ranges-kept',
      ],
    },
  },
};

// Operations ---------------------------------------------------------------------------------

const interfacePath = '/node/instances/{nodeId}/configs/{configId}/interfaces';
const ids = { nodeId: 'integer', configId: 'integer' } as const;
const oneId = { ...ids, interfaceId: 'integer' } as const;
const configUpdated = [{ action: 'node_config_update', count: 'one' }] as const;

const ops = operations(3, 'interfaces', [
  {
    id: 'interfaces/list',
    name: 'Interfaces List',
    method: 'GET',
    path: interfacePath,
    params: ids,
    response: { kind: 'array', item: 'interface' },
    auth: scoped('nodes:read_only'),
    access: nodeRead,
    summary: 'Lists the interfaces of a configuration profile in their order.',
    section: endpointsSection,
  },
  {
    id: 'interfaces/add',
    name: 'Interface Add',
    method: 'POST',
    path: interfacePath,
    params: ids,
    body: bodyOf(iface, 'create', { rules: purposeRules() }),
    response: notShownResponse('what interface add returns'),
    auth: scoped('nodes:read_write'),
    access: nodeWrite,
    events: [...configUpdated],
    summary: 'Appends an interface to a configuration profile.',
    section: endpointsSection,
  },
  {
    id: 'interfaces/order',
    name: 'Interfaces Reorder',
    method: 'POST',
    path: `${interfacePath}/order`,
    params: ids,
    body: jsonBody([
      req(
        arr('ids', item('integer'), {
          description: 'every current interface ID of the profile, in the new order',
        }),
      ),
    ]),
    response: notShownResponse('what interface reorder returns'),
    auth: scoped('nodes:read_write'),
    access: nodeWrite,
    summary: 'Sets the order of the interfaces of a configuration profile.',
    section: endpointsSection,
  },
  {
    id: 'interfaces/view',
    name: 'Interface View',
    method: 'GET',
    path: `${interfacePath}/{interfaceId}`,
    params: oneId,
    response: objectOf('interface'),
    auth: scoped('nodes:read_only'),
    access: nodeRead,
    summary: 'Returns one interface of a configuration profile.',
    section: endpointsSection,
  },
  {
    id: 'interfaces/update',
    name: 'Interface Update',
    method: 'PUT',
    path: `${interfacePath}/{interfaceId}`,
    params: oneId,
    body: bodyOf(iface, 'update'),
    response: notShownResponse('what interface update returns'),
    auth: scoped('nodes:read_write'),
    access: nodeWrite,
    events: [...configUpdated],
    summary: 'Changes the primary flag, VPC addresses or ranges of a public or vpc interface.',
    section: endpointsSection,
  },
  {
    id: 'interfaces/delete',
    name: 'Interface Delete',
    method: 'DELETE',
    path: `${interfacePath}/{interfaceId}`,
    params: oneId,
    response: notShownResponse('what interface delete returns'),
    auth: scoped('nodes:read_write'),
    access: nodeWrite,
    events: [...configUpdated],
    effects: ['destructive'],
    summary: 'Deletes an interface that is not active.',
    section: endpointsSection,
  },
]);

// Requirements -------------------------------------------------------------------------------

const ACTIVITY = 'interface-activity';

const onField = (field?: string): Requirement['subject'] => onResource('interface', field);

/** Slugs of the rules-by-purpose fields in requirement ids. */
const purposeSlug: Record<PurposeRuleField, string> = {
  label: 'label',
  ipam_address: 'ipam-address',
  subnet_id: 'subnet-id',
  'ipv4.vpc': 'ipv4-vpc',
  'ipv4.nat_1_1': 'nat-1-1',
  ip_ranges: 'ip-ranges',
};

/** One requirement per response value the "Rules by purpose" table fixes. */
const responseValues: Requirement[] = (Object.keys(rulesByPurpose) as PurposeRuleField[]).flatMap((name) =>
  PURPOSES.flatMap((purpose) => {
    const cell = rulesByPurpose[name][purpose];
    if (!('response' in cell)) return [];
    const empty = cell.response === '';
    const unlessNull = name.startsWith('ipv4.') ? ' (unless `ipv4` itself is null)' : '';
    return [
      clause(
        `interfaces/${purpose}-${purposeSlug[name]}-response-${empty ? 'empty' : 'null'}`,
        `In responses, \`${name}\` of a ${purpose} interface is ${empty ? 'an empty string' : 'null'}${unlessNull}.`,
        onField(name),
        'response',
        fieldsSection,
      ),
    ];
  }),
);

const requirements: Requirement[] = [
  ...responseValues,
  // Rules by purpose: the clauses one body alone cannot show.
  clause(
    'interfaces/vlan-label-unique-per-instance',
    'A vlan interface whose `label` is already used by another interface of the instance, in any of its profiles, is refused.',
    onField('label'),
    'behaviour',
    fieldsSection,
  ),
  clause(
    'interfaces/vlan-label-creates-vlan',
    'A vlan interface with a label no VLAN of the region has yet creates that VLAN.',
    onField('label'),
    'behaviour',
    fieldsSection,
  ),
  clause(
    'interfaces/vlan-ipam-address-unique-per-instance',
    'An `ipam_address` already used by another interface of the instance is refused.',
    onField('ipam_address'),
    'behaviour',
    fieldsSection,
  ),
  clause(
    'interfaces/vlan-ipam-address-vlan-duplicates',
    'The service may accept an `ipam_address` that another instance already uses on the same VLAN; keeping it unique on the VLAN is left to the caller.',
    onField('ipam_address'),
    'behaviour',
    fieldsSection,
    'MAY',
  ),
  clause(
    'interfaces/vlan-ipam-address-network-helper',
    "A vlan interface's `ipam_address` is configured in the instance at reboot when the profile's network helper is enabled.",
    onField('ipam_address'),
    'behaviour',
    fieldsSection,
  ),
  clause(
    'interfaces/vpc-subnet-assigned-after-reboot',
    "A vpc interface's subnet assignment completes when the instance reboots with the interface's profile.",
    onField('subnet_id'),
    'state',
    fieldsSection,
  ),
  clause(
    'interfaces/vpc-ipv4-vpc-not-in-use',
    'An `ipv4.vpc` already assigned to any instance, as an address or within a range, is refused.',
    onField('ipv4.vpc'),
    'behaviour',
    fieldsSection,
  ),
  clause(
    'interfaces/vpc-ipv4-vpc-not-reserved',
    `An \`ipv4.vpc\` that is one of the first ${RESERVED_SUBNET_ADDRESSES.first} or last ${RESERVED_SUBNET_ADDRESSES.last} addresses of the subnet range is refused.`,
    onField('ipv4.vpc'),
    'behaviour',
    fieldsSection,
  ),
  clause(
    'interfaces/vpc-ipv4-vpc-assigned-when-omitted',
    'A vpc interface given no `ipv4.vpc` is assigned an address within the range of its subnet.',
    onField('ipv4.vpc'),
    'behaviour',
    fieldsSection,
  ),
  clause(
    'interfaces/vpc-nat-1-1-any',
    `A vpc interface with \`ipv4.nat_1_1\` \`${NAT_ANY}\` gets a 1:1 NAT to the instance's public IPv4 address.`,
    onField('ipv4.nat_1_1'),
    'behaviour',
    fieldsSection,
  ),
  clause(
    'interfaces/vpc-nat-1-1-own-address',
    'A vpc interface whose `ipv4.nat_1_1` is a public IPv4 address assigned to the instance gets a 1:1 NAT to that address.',
    onField('ipv4.nat_1_1'),
    'behaviour',
    fieldsSection,
  ),
  clause(
    'interfaces/vpc-nat-1-1-foreign-address-refused',
    'An `ipv4.nat_1_1` that is a specific address not assigned to the instance is refused.',
    onField('ipv4.nat_1_1'),
    'behaviour',
    fieldsSection,
  ),
  clause(
    'interfaces/vpc-nat-1-1-address-not-shared',
    'A public IPv4 address used for a 1:1 NAT cannot be shared with another instance.',
    onField('ipv4.nat_1_1'),
    'behaviour',
    fieldsSection,
  ),
  clause(
    'interfaces/vpc-nat-1-1-none',
    'A vpc interface whose `ipv4.nat_1_1` is omitted, null or an empty string has no 1:1 NAT.',
    onField('ipv4.nat_1_1'),
    'behaviour',
    fieldsSection,
  ),
  clause(
    'interfaces/vpc-ip-ranges-not-in-use',
    'An `ip_ranges` item that is already actively assigned is refused.',
    onField('ip_ranges'),
    'behaviour',
    fieldsSection,
  ),
  clause(
    'interfaces/ipv4-only-vpc',
    'A public or vlan interface does not take `ipv4` addresses: the request is refused or its responses keep empty `ipv4` values.',
    onField('ipv4'),
    'behaviour',
    fieldsSection,
  ),
  // The interfaces of a profile and of an instance.
  clause(
    'interfaces/one-primary-per-profile',
    'A configuration profile never has more than one interface with `primary` true.',
    onField('primary'),
    'persistence',
    fieldsSection,
  ),
  clause(
    'interfaces/first-non-vlan-acts-primary',
    'When no interface of a profile is primary, the first non-vlan interface carries the default route.',
    onField('primary'),
    'behaviour',
    fieldsSection,
  ),
  clause(
    'interfaces/position-selects-device',
    'The position of an interface in its profile selects the network device of the instance: first eth0, second eth1, third eth2.',
    onField(),
    'behaviour',
    fieldsSection,
  ),
  clause(
    'interfaces/empty-array-default-public',
    'An empty `interfaces` array gives the profile one default public interface and nothing else.',
    onField(),
    'behaviour',
    fieldsSection,
  ),
  clause(
    'interfaces/one-public-per-instance',
    'A public interface is refused when the instance already has one.',
    onField('purpose'),
    'behaviour',
    fieldsSection,
  ),
  clause(
    'interfaces/public-eth0-reachability',
    'An instance booted without a public interface in eth0 is not publicly reachable; only the out-of-band console and instances on the same VLAN or VPC reach it.',
    onField(),
    'behaviour',
    fieldsSection,
  ),
  clause(
    'interfaces/changes-after-reboot',
    'Interface changes take effect in the instance after a reboot.',
    onField(),
    'behaviour',
    fieldsSection,
  ),
  clause(
    'interfaces/vlan-ngn-regions-only',
    'A vlan interface is available only in regions with next-generation networking.',
    onField('purpose'),
    'behaviour',
    fieldsSection,
  ),
  // Operations.
  clause(
    'interfaces/list/ordered',
    "The interfaces list answers the profile's interfaces in their order, the interface for eth0 first.",
    on('interfaces/list'),
    'behaviour',
    endpointsSection,
  ),
  clause(
    'interfaces/add/appends',
    'An added interface comes after the existing interfaces of the profile.',
    on('interfaces/add'),
    'persistence',
    endpointsSection,
  ),
  clause(
    'interfaces/add/new-primary-demotes',
    'Adding an interface with `primary` true makes the previous primary interface of the profile non-primary.',
    on('interfaces/add', 'primary'),
    'persistence',
    endpointsSection,
  ),
  clause(
    'interfaces/add/at-most-three',
    `Adding an interface to a profile that already has ${INTERFACES_PER_PROFILE.max} is refused.`,
    on('interfaces/add'),
    'behaviour',
    endpointsSection,
  ),
  clause(
    'interfaces/add/inactive-until-reboot',
    'An added interface stays inactive until the instance is rebooted with the profile.',
    on('interfaces/add'),
    'state',
    endpointsSection,
  ),
  clause(
    'interfaces/order/all-ids-required',
    'An order body that leaves out any current interface ID of the profile is refused.',
    on('interfaces/order', 'ids'),
    'behaviour',
    endpointsSection,
  ),
  clause(
    'interfaces/order/active-profile-needs-shutdown',
    'Reordering the interfaces of the active profile is refused while the instance is not shut down.',
    on('interfaces/order'),
    'state',
    endpointsSection,
  ),
  clause(
    'interfaces/order/reorders',
    'After a reorder the interfaces list answers the interfaces in the order of `ids`.',
    on('interfaces/order', 'ids'),
    'persistence',
    endpointsSection,
  ),
  clause(
    'interfaces/order/effective-after-reboot',
    'A new interface order takes effect in the instance after a reboot, position mapping to eth0, eth1 and eth2.',
    on('interfaces/order'),
    'behaviour',
    endpointsSection,
  ),
  clause(
    'interfaces/update/vlan-refused',
    'Updating a vlan interface is refused.',
    on('interfaces/update'),
    'behaviour',
    endpointsSection,
  ),
  clause(
    'interfaces/update/public-primary-only',
    'Updating a public interface changes only `primary`: its `ipv4` and `ip_ranges` stay empty.',
    on('interfaces/update'),
    'persistence',
    endpointsSection,
  ),
  clause(
    'interfaces/update/ip-ranges-replaced',
    'An update with `ip_ranges` replaces the ranges of the interface with the ones given.',
    on('interfaces/update', 'ip_ranges'),
    'persistence',
    fieldsSection,
  ),
  clause(
    'interfaces/update/ip-ranges-emptied',
    'An update with an empty `ip_ranges` array removes every range of the interface.',
    on('interfaces/update', 'ip_ranges'),
    'persistence',
    fieldsSection,
  ),
  clause(
    'interfaces/update/ip-ranges-kept',
    'An update without `ip_ranges` leaves the ranges of the interface unchanged.',
    on('interfaces/update', 'ip_ranges'),
    'persistence',
    fieldsSection,
  ),
  clause(
    'interfaces/delete/active-refused',
    'Deleting an active interface is refused and the interface remains.',
    on('interfaces/delete'),
    'state',
    endpointsSection,
  ),
  clause(
    'interfaces/delete/removed',
    'A deleted interface is no longer in the interfaces list of its profile.',
    on('interfaces/delete'),
    'persistence',
    endpointsSection,
  ),
  // The activity table.
  clause(
    'interfaces/active-after-boot',
    'Once the instance is booted with a profile, the interfaces of that profile read `active` true.',
    { kind: 'state-table', table: ACTIVITY, transition: 'boot-with-profile' },
    'state',
    statesSection,
  ),
  clause(
    'interfaces/inactive-after-shutdown',
    'Once the instance is shut down, or restarted with another profile, the interfaces of the previous profile read `active` false and can be deleted.',
    { kind: 'state-table', table: ACTIVITY, transition: 'shutdown-or-other-profile' },
    'state',
    statesSection,
  ),
];

// Not shown and ambiguities ------------------------------------------------------------------

const notShown: NotShown[] = [
  {
    subject: 'interfaces/add',
    what: 'the response body of interface add',
    source: at(endpointsSection),
  },
  {
    subject: 'interfaces/order',
    what: 'the response body of interface reorder',
    source: at(endpointsSection),
  },
  {
    subject: 'interfaces/update',
    what: 'the response body of interface update',
    source: at(endpointsSection),
  },
  {
    subject: 'interfaces/delete',
    what: 'the response body of interface delete',
    source: at(endpointsSection),
  },
];

const ambiguities: Ambiguity[] = [
  {
    id: 'interfaces/scopes-not-listed',
    source: at(endpointsSection),
    question: 'The six interface rows of the endpoint table give no scope, only the grant on the instance.',
    encoding:
      'The Authentication section applies: `nodes:read_only` for list and view, `nodes:read_write` for add, reorder, update and delete.',
  },
  {
    id: 'interfaces/count-minimum',
    source: at(fieldsSection),
    question:
      '`interfaces` has 1..3 items, yet an empty `interfaces` array is documented to give a default public interface.',
    encoding:
      'The array carries an `items` rule with maximum 3 only; the minimum of 1 is met by the default public interface (requirement `interfaces/empty-array-default-public`), so an empty array is accepted.',
  },
  {
    id: 'interfaces/label-length-by-purpose',
    source: at(fieldsSection),
    question:
      'The Interface table gives `label` 1..64 characters, but public and vpc interfaces take an empty string or null.',
    encoding:
      'The field holds the maximum 64 and the vlan character rules (harmless for purposes whose label is empty); the minimum 1 is the cross rule `vlan-label-required`.',
  },
  {
    id: 'interfaces/empty-strings-and-formats',
    source: at(fieldsSection),
    question:
      '`ipam_address` is typed ip/netmask and `ipv4.vpc` / `ipv4.nat_1_1` IP strings, but requests take empty strings, responses hold empty strings, and `nat_1_1` takes `any`.',
    encoding:
      'No `format` on these three fields; custom rules `ip-netmask-or-empty`, `ip-or-empty` and `ip-any-or-empty` state the accepted values, so empty strings and `any` are not judged as format errors.',
  },
  {
    id: 'interfaces/ipv4-null-or-empty',
    source: at(fieldsSection),
    question:
      '`ipv4` is "null when no vpc interface is assigned", while the rules by purpose give empty strings for `ipv4.vpc` and `ipv4.nat_1_1` of public and vlan interfaces.',
    encoding:
      '`ipv4` is nullable; where it is an object, public and vlan interfaces hold empty strings in its members (the response-value requirements say "unless `ipv4` itself is null").',
  },
  {
    id: 'interfaces/ip-range-row-name',
    source: at(fieldsSection),
    question: 'The last row of the rules-by-purpose table is named `ip_range`; the field is `ip_ranges`.',
    encoding: 'The row is read as the `ip_ranges` field.',
  },
  {
    id: 'interfaces/id-not-in-table',
    source: at(fieldsSection),
    question:
      'The Interface table lists no `id`, yet interfaces are addressed by `{interfaceId}` and reordered by their IDs.',
    encoding: 'The interface resource has a read-only integer `id`, so that records in the list can be addressed.',
  },
  {
    id: 'interfaces/record-in-responses',
    source: at(endpointsSection),
    question:
      'Part 3 says response bodies are not shown unless a sentence says what is returned; the list is an "ordered array", and the Interface table and rules by purpose describe response values.',
    encoding:
      'The list answers an array of interface records and view one interface record; what add, update, reorder and delete return is recorded as not shown.',
  },
  {
    id: 'interfaces/ipam-address-unique-on-vlan',
    source: at(fieldsSection),
    question: '`ipam_address` "should be unique on the VLAN": advice to the caller or a rule of the service?',
    encoding:
      'Uniqueness among the interfaces of the instance is a MUST; uniqueness on the VLAN is advice, so the service MAY accept a duplicate from another instance.',
  },
  {
    id: 'interfaces/nat-address-sharing',
    source: at(fieldsSection),
    question:
      'A NAT address "cannot be shared with another instance": no operation of the documents shares addresses between instances.',
    encoding: 'Kept as a requirement about address sharing, which the documented operations cannot exercise.',
  },
];

export const area = defineArea(3, 'interfaces', {
  resources: [iface],
  operations: ops,
  requirements,
  stateTables: [
    {
      id: ACTIVITY,
      subject: 'Interface',
      source: at(statesSection),
      states: ['active false', 'active true'],
      transitions: [
        {
          id: 'boot-with-profile',
          row: {
            state: 'active false',
            trigger: "instance booted with the interface's configuration profile",
            condition: '-',
          },
          trigger: 'external:boot-with-profile',
          from: 'active false',
          to: 'active true',
        },
        {
          id: 'shutdown-or-other-profile',
          row: {
            state: 'active true',
            trigger: 'instance shut down, or restarted with another configuration profile',
            condition: '-',
          },
          trigger: 'external:shutdown-or-restart-with-another-profile',
          from: 'active true',
          to: 'active false',
          also: 'interface becomes deletable',
        },
        {
          id: 'delete-active',
          row: { state: 'active true', trigger: 'Interface Delete', condition: '-' },
          trigger: 'interfaces/delete',
          from: 'active true',
          to: 'active true',
          also: 'the delete is rejected (Next: rejected) and the interface remains',
        },
      ],
    },
  ],
  events: [
    {
      action: 'node_config_update',
      emittedBy: ['interfaces/add', 'interfaces/update', 'interfaces/delete'],
      source: at('Events'),
    },
  ],
  errors: [
    {
      id: 'interface-delete-active',
      condition: 'Delete of an active interface',
      behaviour: 'rejected',
      operations: ['interfaces/delete'],
      requirements: ['interfaces/delete/active-refused'],
    },
  ],
  limits: [
    {
      item: 'Interface label',
      limit: '1..64 characters',
      encodedAt: ['interface.label', 'interfaces/add#rule:vlan-label-required'],
      numbers: [INTERFACE_LABEL.min, INTERFACE_LABEL.max],
    },
    {
      item: 'Interfaces per configuration profile',
      limit: '1..3',
      encodedAt: ['instance.interfaces', 'config.interfaces'],
      numbers: [INTERFACES_PER_PROFILE.min, INTERFACES_PER_PROFILE.max],
      note: 'The maximum is an items rule; the minimum 1 is met by the default public interface an empty array yields (interfaces/empty-array-default-public), and interface add holds the maximum as interfaces/add/at-most-three.',
    },
    { item: 'VLANs per region', limit: '10', encodedAt: ['interface.label'], numbers: [VLANS_PER_REGION] },
  ],
  notShown,
  ambiguities,
});
