// The instance resource (create and update fields), the cross-field rules of create and the clone body.

import { arr, bool, int, item, jsonBody, obj, oneOf, str } from '../../build.js';
import type { CrossRule, Field, Resource } from '../../types.js';
import {
  at,
  authorizedKeys,
  authorizedUsers,
  instanceLabelRules,
  metadata,
  PRIVATE_IMAGE_PATTERN,
  rootPass,
  stackscriptData,
  stackscriptId,
} from '../common.js';
import { interfaceArrayRules, interfacesField, purposeRules } from '../interfaces.js';
import {
  ALERT_WINDOW,
  BACKUP_DAYS,
  BACKUP_WINDOWS,
  CLONE_DEFAULT_LABEL,
  createSection,
  MAX_CONCURRENT_CLONES,
  SCHEDULING,
  SWAP_SIZE_DEFAULT,
  WATCHDOG,
} from './common.js';

// The instance -------------------------------------------------------------------------------

export const createOnly = { create: 'optional' } as const;
export const createAndUpdate = { create: 'optional', update: 'optional' } as const;

export const alert = (name: string, unit: string, options: Omit<Field, 'name' | 'type'> = {}): Field =>
  int(name, {
    description: `${unit}; compared with the average over ${ALERT_WINDOW}; 0 disables the alert`,
    ...options,
  });

export const instance: Resource = {
  id: 'instance',
  title: 'Instance (create and update bodies)',
  source: at(createSection),
  notShown: 'the instance record returned by create, view, list and update',
  fields: [
    str('region', { create: 'required', description: 'region of the instance' }),
    str('type', { create: 'required', description: 'ID of the instance type' }),
    str('label', {
      ...createAndUpdate,
      rules: instanceLabelRules,
      defaultText: 'assigned by the service when absent',
      description: 'display label',
    }),
    str('image', {
      ...createOnly,
      description: 'image ID to deploy the disk from; private images need read_only or read_write on them',
    }),
    int('backup_id', {
      ...createOnly,
      description: 'a successful backup of another instance in the same region; needs read_write on that instance',
    }),
    {
      ...rootPass('root password; required when deploying from an image, including with a StackScript'),
      ...createOnly,
    },
    { ...authorizedKeys(), ...createOnly },
    { ...authorizedUsers(), ...createOnly },
    { ...stackscriptId(), ...createOnly },
    { ...stackscriptData(), ...createOnly },
    int('swap_size', {
      ...createOnly,
      default: SWAP_SIZE_DEFAULT,
      description: 'size of the swap disk; used only when deploying from an image',
    }),
    bool('booted', {
      ...createOnly,
      defaultText: 'true when created with an image or from a backup',
      description: 'false keeps the instance offline after deployment',
    }),
    bool('backups_enabled', {
      ...createOnly,
      description: 'enrolls in the backup service at extra cost; treated as true when the account-wide setting is true',
    }),
    bool('private_ip', { ...createOnly, description: 'enables private networking and assigns a private IPv4 address' }),
    int('firewall_id', { ...createOnly, description: 'firewall attached on creation' }),
    str('group', { ...createAndUpdate, description: 'deprecated group label' }),
    arr('tags', item('string'), {
      ...createAndUpdate,
      description: 'organizational tags; adding or changing them needs an unrestricted user',
    }),
    { ...metadata(), ...createOnly, description: 'cloud-config metadata; user_data cannot change after provisioning' },
    interfacesField(createOnly),
    bool('watchdog_enabled', {
      update: 'optional',
      description: `shutdown watchdog: reboots the instance after an unexpected power-off; gives up after more than ${WATCHDOG.bootJobs} boot jobs within ${WATCHDOG.minutes} minutes`,
    }),
    obj(
      'alerts',
      [
        alert('cpu', 'percentage; total capacity is 100 times the number of cores', {
          defaultText: '90 times the number of cores',
        }),
        alert('io', 'disk operations per second'),
        alert('network_in', 'Mbit/s'),
        alert('network_out', 'Mbit/s'),
        alert('transfer_quota', 'percentage of network transfer'),
      ],
      { update: 'optional', description: 'alert thresholds' },
    ),
    obj(
      'backups',
      [
        obj('schedule', [
          str('day', {
            nullable: true,
            rules: [oneOf(...BACKUP_DAYS)],
            description: `weekly backup day; chosen automatically if unset; may read ${SCHEDULING} until chosen`,
          }),
          str('window', {
            nullable: true,
            rules: [oneOf(...BACKUP_WINDOWS)],
            description: `two-hour UTC span (W10 is 10:00 to 12:00); chosen automatically if unset; may read ${SCHEDULING} until chosen`,
          }),
        ]),
      ],
      { update: 'optional', description: 'backup schedule' },
    ),
  ],
};

export const createRules: CrossRule[] = [
  {
    id: 'image-or-backup',
    kind: 'exclusive',
    fields: ['image', 'backup_id'],
    text: '`image` and `backup_id` cannot both be given.',
  },
  {
    id: 'root-pass-with-image',
    kind: 'required-if',
    fields: ['root_pass', 'image'],
    params: { ifPresent: 'image' },
    text: 'A deploy from an `image`, with or without a StackScript, needs `root_pass`.',
  },
  {
    id: 'stackscript-needs-image',
    kind: 'required-if',
    fields: ['image', 'stackscript_id'],
    params: { ifPresent: 'stackscript_id' },
    text: 'A `stackscript_id` needs a compatible `image`.',
  },
  {
    id: 'stackscript-not-with-backup',
    kind: 'forbidden-if',
    fields: ['stackscript_id', 'backup_id'],
    params: { ifPresent: 'backup_id' },
    text: 'A `stackscript_id` cannot be used when deploying from a `backup_id`.',
  },
  {
    id: 'stackscript-not-with-private-image',
    kind: 'forbidden-if',
    fields: ['stackscript_id', 'image'],
    params: { ifMatches: { image: PRIVATE_IMAGE_PATTERN } },
    text: 'A `stackscript_id` cannot be used with a private image (`private/...`).',
  },
  ...purposeRules('interfaces'),
  ...interfaceArrayRules('interfaces'),
  {
    id: 'interfaces.nat-1-1-no-specific-address',
    kind: 'conditional-values',
    fields: ['interfaces.ipv4.nat_1_1'],
    params: { each: 'interfaces', allowed: ['any', '', null] },
    text: 'On instance creation `interfaces.ipv4.nat_1_1` is `any`, empty or null, never a specific address.',
  },
];

export const cloneBody = jsonBody(
  [
    int('node_id', {
      description: 'existing target instance, which needs enough resources (the provider names it linode_id)',
    }),
    str('region', { description: 'region of a new instance; only for a new instance' }),
    str('type', { description: 'type of a new instance; only for a new instance' }),
    str('label', { rules: instanceLabelRules, default: CLONE_DEFAULT_LABEL, description: 'new instance only' }),
    str('group', { description: 'deprecated group label' }),
    bool('backups_enabled', { description: 'new instance only' }),
    bool('private_ip', { description: 'new instance only' }),
    {
      ...metadata(),
      description: 'required when the source has user data and the target is new; not allowed for an existing target',
    },
    arr('configs', item('integer'), { description: 'configuration profiles to clone with their disks' }),
    arr('disks', item('integer'), { description: 'further disks to clone' }),
  ],
  [
    {
      id: 'region-required-for-new',
      kind: 'required-if',
      fields: ['region', 'node_id'],
      params: { ifAbsent: 'node_id' },
      text: 'A clone to a new instance (no `node_id`) needs `region`.',
    },
    {
      id: 'type-required-for-new',
      kind: 'required-if',
      fields: ['type', 'node_id'],
      params: { ifAbsent: 'node_id' },
      text: 'A clone to a new instance (no `node_id`) needs `type`.',
    },
    {
      id: 'user-data-not-for-existing',
      kind: 'forbidden-if',
      fields: ['metadata.user_data', 'node_id'],
      params: { ifPresent: 'node_id' },
      text: 'A clone to an existing instance (`node_id`) takes no `metadata.user_data`.',
    },
    {
      id: 'concurrent-clones',
      kind: 'custom',
      fields: [],
      params: { maxConcurrent: MAX_CONCURRENT_CLONES, status: 400 },
      text: `At most ${MAX_CONCURRENT_CLONES} clone operations from one source run at once; a further clone is refused with HTTP 400.`,
    },
  ],
);
