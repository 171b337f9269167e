// Compute instances (Part 3): the create and update fields, the 18 instance operations with their power and lifecycle state table, clone and migrate rules, events, errors and limits.

import {
  arr,
  bodyOf,
  bool,
  envelopeOf,
  int,
  item,
  jsonBody,
  notShownResponse,
  obj,
  objectOf,
  oneOf,
  operations,
  req,
  scoped,
  source,
  str,
} from '../build.js';
import type {
  Ambiguity,
  AreaSpec,
  CrossRule,
  Field,
  NotShown,
  Requirement,
  Resource,
  Source,
  StateTable,
} from '../types.js';
import {
  authorizedKeys,
  authorizedUsers,
  instanceLabelRules,
  metadata,
  PASSWORD_STRENGTH_ERROR,
  PRIVATE_IMAGE_PATTERN,
  rootPass,
  stackscriptData,
  stackscriptId,
  USER_DATA_MAX_BYTES,
} from './common.js';
import { DEVICE_SLOTS, deviceSlot } from './configs.js';
import { interfaceArrayRules, interfacesField, purposeRules } from './interfaces.js';

// Limits and values --------------------------------------------------------------------------

const SWAP_SIZE_DEFAULT = 512;
const MAX_CONCURRENT_CLONES = 5;
const CLONE_DEFAULT_LABEL = 'node';
/** The shutdown watchdog gives up after more than this many boot jobs within this many minutes. */
const WATCHDOG = { bootJobs: 5, minutes: 15 } as const;
const ALERT_WINDOW = 'two hours';
const OUTBOUND_RESTRICTED_PORTS = [25, 465, 587] as const;
const MIGRATION_TYPES = ['warm', 'cold'] as const;
const DEFAULT_MIGRATION = 'cold';
/** Rescue takes the slots sda to sdg; sdh is reserved. */
const RESCUE_SLOTS = DEVICE_SLOTS.filter((slot) => slot !== 'sdh');
const SCHEDULING = 'Scheduling';
const BACKUP_DAYS = [SCHEDULING, 'Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
/** Two-hour UTC windows W0, W2, ..., W22. */
const BACKUP_WINDOWS = [SCHEDULING, ...Array.from({ length: 12 }, (_, i) => `W${i * 2}`)];
/** Instance status names: conventions (DECISIONS 10), the document does not show them. */
export const STATUS_NAMES = [
  'running',
  'offline',
  'provisioning',
  'booting',
  'rebooting',
  'shutting_down',
  'rebuilding',
  'resizing',
  'migrating',
  'cloning',
  'restoring',
  'deleting',
];

/** The statuses an action shows while it runs; the others (`running`, `offline`) are settled. */
export const TRANSITIONAL_STATUSES: ReadonlySet<string> = new Set(
  STATUS_NAMES.filter((s) => s !== 'running' && s !== 'offline'),
);

const intro = 'What the service does';
const createSection = 'Resources and their fields > Instance (create body)';
const updateSection = 'Resources and their fields > Instance (update body, all optional)';
const interfaceSection = 'Resources and their fields > Interface (element of `interfaces` and body of interface add)';
const statesSection = 'States and transitions';
const endpointsSection = 'Endpoints > Instances';
const at = (section: string): Source => source(3, section);

// The instance -------------------------------------------------------------------------------

const createOnly = { create: 'optional' } as const;
const createAndUpdate = { create: 'optional', update: 'optional' } as const;

const alert = (name: string, unit: string, options: Omit<Field, 'name' | 'type'> = {}): Field =>
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

const createRules: CrossRule[] = [
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

const cloneBody = jsonBody(
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

// Operations ---------------------------------------------------------------------------------

const node = { nodeId: 'integer' } as const;
const canRead = { entity: { kind: 'node', param: 'nodeId', permission: 'read_only' } } as const;
const canWrite = { entity: { kind: 'node', param: 'nodeId', permission: 'read_write' } } as const;
const read = scoped('nodes:read_only');
const write = scoped('nodes:read_write');
const one = '/node/instances/{nodeId}';
const instanceRecord = 'the fields of the instance record';
const migrationType = (name: string) =>
  str(name, { rules: [oneOf(...MIGRATION_TYPES)], default: DEFAULT_MIGRATION, description: 'warm or cold migration' });

const ops = operations(3, 'instances', [
  {
    id: 'instances/list',
    name: 'Instances List',
    method: 'GET',
    path: '/node/instances',
    paging: 'bounded',
    response: envelopeOf(undefined, instanceRecord),
    auth: read,
    summary: 'Lists the instances of the account the caller may see.',
    section: endpointsSection,
  },
  {
    id: 'instances/create',
    name: 'Instance Create',
    method: 'POST',
    path: '/node/instances',
    body: bodyOf(instance, 'create', { rules: createRules }),
    response: objectOf(undefined, instanceRecord),
    auth: write,
    access: {
      globalGrant: 'add_nodes',
      note: 'private images need read_only or read_write on the image; backup_id needs read_write on the source instance; tags need an unrestricted user',
    },
    effects: ['billing'],
    summary: 'Creates an instance from an image, a StackScript, a backup or cloud-config metadata, or empty.',
    section: endpointsSection,
  },
  {
    id: 'instances/view',
    name: 'Instance View',
    method: 'GET',
    path: one,
    params: node,
    response: objectOf(undefined, instanceRecord),
    auth: read,
    access: canRead,
    summary: 'Returns one instance.',
    section: endpointsSection,
  },
  {
    id: 'instances/update',
    name: 'Instance Update',
    method: 'PUT',
    path: one,
    params: node,
    body: bodyOf(instance, 'update'),
    response: objectOf(undefined, instanceRecord),
    auth: write,
    access: { ...canWrite, note: 'tags need an unrestricted user' },
    summary: 'Changes the label, group, tags, watchdog, alerts or backup schedule of an instance.',
    section: endpointsSection,
  },
  {
    id: 'instances/delete',
    name: 'Instance Delete',
    method: 'DELETE',
    path: one,
    params: node,
    response: notShownResponse('what instance delete returns'),
    auth: write,
    access: canWrite,
    effects: ['destructive'],
    summary: 'Deletes an instance with its disks, backups and configuration profiles.',
    section: endpointsSection,
  },
  {
    id: 'instances/boot',
    name: 'Instance Boot',
    method: 'POST',
    path: `${one}/boot`,
    params: node,
    body: jsonBody([int('config_id', { description: 'configuration profile to boot with' })]),
    response: notShownResponse('what instance boot returns'),
    auth: write,
    access: canWrite,
    summary: 'Boots an offline instance with a configuration profile.',
    section: endpointsSection,
  },
  {
    id: 'instances/reboot',
    name: 'Instance Reboot',
    method: 'POST',
    path: `${one}/reboot`,
    params: node,
    body: jsonBody([
      int('config_id', {
        nullable: true,
        description: 'configuration profile to reboot with; null or omitted uses the last booted one',
      }),
    ]),
    response: notShownResponse('what instance reboot returns'),
    auth: write,
    access: canWrite,
    summary: 'Reboots a running instance.',
    section: endpointsSection,
  },
  {
    id: 'instances/shutdown',
    name: 'Instance Shut Down',
    method: 'POST',
    path: `${one}/shutdown`,
    params: node,
    response: notShownResponse('what instance shut down returns'),
    auth: write,
    access: canWrite,
    summary: 'Shuts a running instance down.',
    section: endpointsSection,
  },
  {
    id: 'instances/password',
    name: 'Instance Root Password Reset',
    method: 'POST',
    path: `${one}/password`,
    params: node,
    body: jsonBody([req(rootPass('new root password'))]),
    response: notShownResponse('what instance root password reset returns'),
    auth: write,
    access: canWrite,
    events: [{ action: 'password_reset', count: 'one' }],
    summary: 'Resets the root password of a shut-down instance.',
    section: endpointsSection,
  },
  {
    id: 'instances/rescue',
    name: 'Instance Rescue',
    method: 'POST',
    path: `${one}/rescue`,
    params: node,
    body: jsonBody([
      obj('devices', RESCUE_SLOTS.map(deviceSlot), { description: 'slots sda to sdg; sdh is reserved' }),
    ]),
    response: notShownResponse('what instance rescue returns'),
    auth: write,
    access: canWrite,
    summary: 'Boots the instance into rescue mode with the given devices.',
    section: endpointsSection,
  },
  {
    id: 'instances/rebuild',
    name: 'Instance Rebuild',
    method: 'POST',
    path: `${one}/rebuild`,
    params: node,
    body: jsonBody([
      req(str('image', { description: 'image to deploy' })),
      req(rootPass()),
      authorizedKeys(),
      authorizedUsers(),
      bool('booted', { default: true, description: 'false leaves the instance offline after the rebuild' }),
      metadata(),
      stackscriptId(),
      stackscriptData(),
      str('type', { description: 'instance type to resize to while rebuilding' }),
    ]),
    response: notShownResponse('what instance rebuild returns'),
    auth: write,
    access: canWrite,
    effects: ['destructive', 'billing'],
    summary: 'Deletes every disk and profile of the instance and deploys an image, optionally resizing it.',
    section: endpointsSection,
  },
  {
    id: 'instances/resize',
    name: 'Instance Resize',
    method: 'POST',
    path: `${one}/resize`,
    params: node,
    body: jsonBody([
      req(str('type', { description: 'instance type to resize to' })),
      bool('allow_auto_disk_resize', { default: true }),
      migrationType('migration_type'),
    ]),
    response: notShownResponse('what instance resize returns'),
    auth: write,
    access: canWrite,
    effects: ['billing'],
    summary: 'Moves the instance to another type, by a cold or warm migration.',
    section: endpointsSection,
  },
  {
    id: 'instances/mutate',
    name: 'Instance Upgrade',
    method: 'POST',
    path: `${one}/mutate`,
    params: node,
    body: jsonBody([bool('allow_auto_disk_resize', { default: true })]),
    response: notShownResponse('what instance upgrade returns'),
    auth: write,
    access: canWrite,
    summary: 'Upgrades an instance of a deprecated type to its successor type.',
    section: endpointsSection,
  },
  {
    id: 'instances/migrate',
    name: 'Instance Migrate',
    method: 'POST',
    path: `${one}/migrate`,
    params: node,
    body: jsonBody([
      str('region', { description: 'target region; needed for a cross-region migration' }),
      migrationType('type'),
      bool('upgrade', { default: false, description: 'upgrade the instance during the migration' }),
    ]),
    response: notShownResponse('what instance migrate returns'),
    auth: write,
    access: canWrite,
    events: [
      { action: 'node_migrate_datacenter_create', count: 'one', when: 'a cross-region migration, with `region`' },
    ],
    summary: 'Starts a migration of the instance, within or across regions.',
    section: endpointsSection,
  },
  {
    id: 'instances/clone',
    name: 'Instance Clone',
    method: 'POST',
    path: `${one}/clone`,
    params: node,
    body: cloneBody,
    response: notShownResponse('what instance clone returns'),
    auth: write,
    access: {
      globalGrant: 'add_nodes',
      note: 'whether a grant on the source instance is also needed is not stated',
    },
    effects: ['billing'],
    summary: 'Clones profiles and disks of the instance into a new or an existing instance.',
    section: endpointsSection,
  },
  {
    id: 'instances/firewalls',
    name: 'Instance Firewalls List',
    method: 'GET',
    path: `${one}/firewalls`,
    params: node,
    paging: 'bounded',
    response: envelopeOf(undefined, 'the fields of the firewall items'),
    auth: read,
    access: canRead,
    summary: 'Lists the firewalls attached to the instance.',
    section: endpointsSection,
  },
  {
    id: 'instances/nodebalancers',
    name: 'Instance NodeBalancers List',
    method: 'GET',
    path: `${one}/nodebalancers`,
    params: node,
    response: notShownResponse('the shape of the NodeBalancer list and its items'),
    auth: read,
    access: canRead,
    summary: 'Lists the NodeBalancers the instance is assigned to that the caller may read.',
    section: endpointsSection,
  },
  {
    id: 'instances/volumes',
    name: 'Instance Volumes List',
    method: 'GET',
    path: `${one}/volumes`,
    params: node,
    paging: 'bounded',
    response: envelopeOf(undefined, 'the fields of the volume items'),
    auth: read,
    access: canRead,
    summary: 'Lists the volumes attached to the instance.',
    section: endpointsSection,
  },
]);

// State table --------------------------------------------------------------------------------

const POWER = 'instance-power';
const RESIZE_CONDITIONS = 'no pending migration; no outstanding account balance; disk allocation within the new type';

const powerTable: StateTable = {
  id: POWER,
  subject: 'Instance power and lifecycle',
  source: at(statesSection),
  states: ['(none)', ...STATUS_NAMES, 'deleted'],
  notShown: 'instance status value names; the names used here are conventions (DECISIONS 10)',
  transitions: [
    {
      id: 'create-booted',
      row: {
        state: '(none)',
        trigger: 'Instance Create with image, backup or StackScript',
        condition: 'booted not false',
      },
      trigger: 'instances/create',
      from: '(none)',
      to: 'running',
      condition: 'booted not false',
    },
    {
      id: 'create-offline',
      row: { state: '(none)', trigger: 'Instance Create with booted false, or an empty instance', condition: '-' },
      trigger: 'instances/create',
      from: '(none)',
      to: 'offline',
      also: 'must be started manually',
    },
    {
      id: 'boot',
      row: {
        state: 'offline',
        trigger: 'Boot',
        condition:
          'a configuration is selected: the given config_id; else the only one; else the last booted one; if several exist and none was last booted, an error',
      },
      trigger: 'instances/boot',
      from: 'offline',
      to: 'running',
      condition: 'a configuration can be selected',
    },
    {
      id: 'shutdown',
      row: { state: 'running', trigger: 'Shut Down', condition: 'no action running or queued' },
      trigger: 'instances/shutdown',
      from: 'running',
      to: 'offline',
      condition: 'no action running or queued',
    },
    {
      id: 'reboot',
      row: {
        state: 'running',
        trigger: 'Reboot',
        condition:
          'no action running or queued; config_id null or omitted uses the last booted config, else the only config, else an error',
      },
      trigger: 'instances/reboot',
      from: 'running',
      to: 'running',
      condition: 'no action running or queued; a configuration can be selected',
    },
    {
      id: 'rebuild',
      row: { state: 'running or offline', trigger: 'Rebuild', condition: 'image and root_pass given' },
      trigger: 'instances/rebuild',
      from: 'running or offline',
      to: 'running',
      condition: 'image and root_pass given; offline instead of running when booted is false',
      also: 'booted defaults true; optional resize to type',
    },
    {
      id: 'resize-cold',
      row: { state: 'running', trigger: 'Resize, cold migration (default)', condition: 'conditions below' },
      trigger: 'instances/resize',
      from: 'running',
      to: 'running',
      condition: RESIZE_CONDITIONS,
    },
    {
      id: 'resize-warm',
      row: { state: 'running', trigger: 'Resize, warm migration', condition: 'conditions below' },
      trigger: 'instances/resize',
      from: 'running',
      to: 'running',
      condition: RESIZE_CONDITIONS,
    },
    {
      id: 'mutate',
      row: { state: 'running', trigger: 'Upgrade (mutate)', condition: 'deprecated type; no action running or queued' },
      trigger: 'instances/mutate',
      from: 'running',
      to: 'running',
      condition: 'deprecated type; no action running or queued',
      also: 'new resources of the upgraded type allocated',
    },
    {
      id: 'migrate-cold',
      row: { state: 'running', trigger: 'Migrate, cold (default)', condition: '-' },
      trigger: 'instances/migrate',
      from: 'running',
      to: 'running',
    },
    {
      id: 'migrate-warm',
      row: { state: 'running', trigger: 'Migrate, warm', condition: 'not for cross-region' },
      trigger: 'instances/migrate',
      from: 'running',
      to: 'running',
      condition: 'not for cross-region',
    },
    {
      id: 'delete',
      row: { state: 'any', trigger: 'Delete', condition: 'not cloning and not restoring a backup' },
      trigger: 'instances/delete',
      from: 'any',
      to: 'deleted',
      condition: 'not cloning and not restoring a backup',
      also: 'IPs released, disks, backups and configs deleted, volumes detached, billing stops',
    },
  ],
};

// Requirements -------------------------------------------------------------------------------

const clause = (
  id: string,
  text: string,
  subject: Requirement['subject'],
  family: Requirement['family'],
  section: string,
  level: Requirement['level'] = 'MUST',
): Requirement => ({ id, level, text, source: at(section), subject, family });
const onOp = (operation: string, field?: string): Requirement['subject'] => ({
  kind: 'operation',
  operation,
  ...(field ? { field } : {}),
});
const onRow = (transition: string): Requirement['subject'] => ({ kind: 'state-table', table: POWER, transition });

/** The three resize conditions, refused for resize and for rebuild with `type`. */
const resizeConditions = (operation: 'instances/resize' | 'instances/rebuild'): Requirement[] => {
  const what = operation === 'instances/resize' ? 'A resize' : 'A rebuild with `type`';
  return [
    clause(
      `${operation}/pending-migration-refused`,
      `${what} is refused while a migration of the instance is pending.`,
      onOp(operation),
      'state',
      statesSection,
    ),
    clause(
      `${operation}/outstanding-balance-refused`,
      `${what} is refused while the account has an outstanding balance.`,
      onOp(operation),
      'state',
      statesSection,
    ),
    clause(
      `${operation}/disk-allocation-refused`,
      `${what} is refused while the instance has more disk allocated than the new type allows.`,
      onOp(operation),
      'state',
      statesSection,
    ),
  ];
};

const createRequirements: Requirement[] = [
  clause(
    'instances/create/tags-unrestricted-only',
    'Instance create with `tags` refuses a restricted user.',
    onOp('instances/create', 'tags'),
    'unrestricted-only',
    'Authentication',
  ),
  clause(
    'instances/create/label-default',
    'An instance created without `label` is given one by the service.',
    onOp('instances/create', 'label'),
    'behaviour',
    createSection,
  ),
  clause(
    'instances/create/private-image-grant',
    'Deploying a private image refuses a restricted user without read_only or read_write on that image.',
    onOp('instances/create', 'image'),
    'grant',
    createSection,
  ),
  clause(
    'instances/create/backup-source-read-write',
    'Creating from `backup_id` refuses a restricted user without read_write on the instance the backup belongs to.',
    onOp('instances/create', 'backup_id'),
    'grant',
    createSection,
  ),
  clause(
    'instances/create/backup-successful-only',
    'A `backup_id` whose backup status is not `successful` is refused.',
    onOp('instances/create', 'backup_id'),
    'behaviour',
    createSection,
  ),
  clause(
    'instances/create/backup-same-region',
    'A `backup_id` from a region other than `region` is refused.',
    onOp('instances/create', 'backup_id'),
    'behaviour',
    createSection,
  ),
  clause(
    'instances/create/backup-type-large-enough',
    'Creating from a backup with a `type` too small for the backup is refused.',
    onOp('instances/create', 'type'),
    'behaviour',
    createSection,
  ),
  clause(
    'instances/create/backup-disks-match',
    "An instance created from a backup gets the disks and configuration profiles of the backup's source.",
    onOp('instances/create', 'backup_id'),
    'behaviour',
    createSection,
  ),
  clause(
    'instances/create/backup-root-pass-matches',
    "An instance created from a backup keeps the source's root password.",
    onOp('instances/create', 'backup_id'),
    'behaviour',
    createSection,
  ),
  clause(
    'instances/create/stackscript-compatible-image',
    'A `stackscript_id` whose StackScript does not list `image` among its images is refused.',
    onOp('instances/create', 'stackscript_id'),
    'behaviour',
    createSection,
  ),
  clause(
    'instances/create/stackscript-data-when-needed',
    'A StackScript that needs user input is refused without `stackscript_data`, and one that needs none does not require it.',
    onOp('instances/create', 'stackscript_data'),
    'behaviour',
    createSection,
  ),
  clause(
    'instances/create/ssh-keys-installed',
    "When deploying from an image, the `authorized_keys` and the SSH keys of the `authorized_users` are appended to the root user's authorized keys.",
    onOp('instances/create', 'authorized_keys'),
    'behaviour',
    createSection,
  ),
  clause(
    'instances/create/authorized-users-need-ssh-key',
    'A username in `authorized_users` whose profile has no SSH key is refused.',
    onOp('instances/create', 'authorized_users'),
    'behaviour',
    createSection,
  ),
  clause(
    'instances/create/swap-size-image-only',
    '`swap_size` sets the size of the swap disk of a deploy from an image and is not used otherwise.',
    onOp('instances/create', 'swap_size'),
    'behaviour',
    createSection,
  ),
  clause(
    'instances/create/backups-enabled-enrolls',
    'An instance created with `backups_enabled` true is enrolled in the backup service.',
    onOp('instances/create', 'backups_enabled'),
    'behaviour',
    createSection,
  ),
  clause(
    'instances/create/backups-forced-by-account',
    'While the account-wide `backups_enabled` setting is true, every new instance is enrolled in the backup service, whatever its `backups_enabled`.',
    onOp('instances/create', 'backups_enabled'),
    'behaviour',
    createSection,
  ),
  clause(
    'instances/create/backups-extra-cost',
    'Enrolment in the backup service is charged in addition to the instance.',
    onOp('instances/create', 'backups_enabled'),
    'behaviour',
    createSection,
  ),
  clause(
    'instances/create/private-ip-assigned',
    'An instance created with `private_ip` true has private networking and a private IPv4 address.',
    onOp('instances/create', 'private_ip'),
    'behaviour',
    createSection,
  ),
  clause(
    'instances/create/firewall-attached',
    "An instance created with `firewall_id` has that firewall attached, as the instance's firewalls list shows.",
    onOp('instances/create', 'firewall_id'),
    'behaviour',
    createSection,
  ),
  clause(
    'instances/create/user-data-needs-cloud-init-image',
    'A `metadata.user_data` with an image whose capabilities lack `cloud-init` is refused.',
    onOp('instances/create', 'metadata.user_data'),
    'behaviour',
    createSection,
  ),
  clause(
    'instances/create/user-data-needs-metadata-region',
    'A `metadata.user_data` in a region whose capabilities lack `Metadata` is refused.',
    onOp('instances/create', 'metadata.user_data'),
    'behaviour',
    createSection,
  ),
  clause(
    'instances/create/user-data-fixed',
    'The user data of an instance cannot be changed after provisioning; only a clone or a rebuild gives new user data.',
    onOp('instances/create', 'metadata.user_data'),
    'persistence',
    createSection,
  ),
  clause(
    'instances/create/cloud-config-applied',
    'An instance created with `metadata.user_data` is provisioned with that cloud-config data.',
    onOp('instances/create', 'metadata.user_data'),
    'behaviour',
    createSection,
  ),
  clause(
    'instances/create/image-running',
    'An instance created from an image, with `booted` not false, is running once provisioned.',
    onRow('create-booted'),
    'state',
    createSection,
  ),
  clause(
    'instances/create/image-default-profile',
    `An instance created from an image gets a configuration profile and two disks, one of them a swap disk of \`swap_size\` (${SWAP_SIZE_DEFAULT} by default).`,
    onOp('instances/create', 'image'),
    'behaviour',
    createSection,
  ),
  clause(
    'instances/create/stackscript-running',
    'An instance created with a StackScript and a compatible image, with `booted` not false, is running once provisioned.',
    onRow('create-booted'),
    'state',
    createSection,
  ),
  clause(
    'instances/create/backup-running',
    'An instance created from a backup, with `booted` not false, is running once provisioned.',
    onRow('create-booted'),
    'state',
    statesSection,
  ),
  clause(
    'instances/create/vlan-attached',
    'An instance created with a vlan interface is attached to that VLAN through the interface of its configuration profile.',
    onOp('instances/create', 'interfaces'),
    'behaviour',
    createSection,
  ),
  clause(
    'instances/create/booted-false-offline',
    'An instance created with `booted` false stays offline after deployment until it is booted.',
    onRow('create-offline'),
    'state',
    statesSection,
  ),
  clause(
    'instances/create/empty-offline',
    'An instance created without image, backup or StackScript stays offline until it is booted.',
    onRow('create-offline'),
    'state',
    createSection,
  ),
  clause(
    'instances/create/empty-no-disks',
    'An instance created without image, backup or StackScript has no disks and no configuration profiles until they are created.',
    onOp('instances/create'),
    'behaviour',
    createSection,
  ),
  clause(
    'instances/create/billing-charge',
    'Creating an instance incurs a charge.',
    onOp('instances/create'),
    'behaviour',
    intro,
  ),
];

const updateRequirements: Requirement[] = [
  clause(
    'instances/update/tags-unrestricted-only',
    'Instance update with `tags` refuses a restricted user.',
    onOp('instances/update', 'tags'),
    'unrestricted-only',
    'Authentication',
  ),
  clause(
    'instances/update/watchdog-reboots',
    'With `watchdog_enabled` true, an instance that powers off unexpectedly is booted again by a boot job.',
    onOp('instances/update', 'watchdog_enabled'),
    'behaviour',
    updateSection,
  ),
  clause(
    'instances/update/watchdog-gives-up',
    `The watchdog gives up after more than ${WATCHDOG.bootJobs} boot jobs within ${WATCHDOG.minutes} minutes.`,
    onOp('instances/update', 'watchdog_enabled'),
    'behaviour',
    updateSection,
  ),
  clause(
    'instances/update/alerts-average-window',
    `Each alert threshold is compared with the average of its measure over ${ALERT_WINDOW}.`,
    onOp('instances/update', 'alerts'),
    'behaviour',
    updateSection,
  ),
  clause(
    'instances/update/alert-zero-disables',
    'An alert threshold of 0 disables that alert.',
    onOp('instances/update', 'alerts'),
    'behaviour',
    updateSection,
  ),
  clause(
    'instances/update/backup-schedule-chosen',
    `An unset backup day or window is chosen by the service, and reads \`${SCHEDULING}\` until then.`,
    onOp('instances/update', 'backups.schedule'),
    'behaviour',
    updateSection,
  ),
  clause(
    'instances/update/backup-window-span',
    'A backup window `Wn` is the two-hour UTC span starting at hour n (`W10` is 10:00 to 12:00).',
    onOp('instances/update', 'backups.schedule.window'),
    'behaviour',
    updateSection,
  ),
];

const lifecycleRequirements: Requirement[] = [
  clause(
    'instances/delete/removed',
    'A deleted instance, with its disks, backups and configuration profiles, is gone from the instances list and can no longer be viewed.',
    onRow('delete'),
    'state',
    statesSection,
  ),
  clause(
    'instances/delete/busy-refused',
    'Deleting an instance that is cloning or restoring a backup is refused and the instance remains.',
    onOp('instances/delete'),
    'state',
    statesSection,
  ),
  clause(
    'instances/delete/ips-released',
    'Deleting an instance releases its IP addresses.',
    onOp('instances/delete'),
    'behaviour',
    statesSection,
  ),
  clause(
    'instances/delete/volumes-detached',
    'Deleting an instance detaches its volumes, which remain.',
    onOp('instances/delete'),
    'behaviour',
    statesSection,
  ),
  clause(
    'instances/delete/billing-stops',
    'Deleting an instance stops billing for it and its associated services.',
    onOp('instances/delete'),
    'behaviour',
    intro,
  ),
  clause(
    'instances/boot/running',
    'Booting an offline instance brings it to running.',
    onRow('boot'),
    'state',
    statesSection,
  ),
  clause(
    'instances/boot/config-choice',
    'Boot uses the given `config_id`; without one it uses the only profile, else the last booted profile.',
    onOp('instances/boot', 'config_id'),
    'behaviour',
    statesSection,
  ),
  clause(
    'instances/boot/no-config-refused',
    'Boot without `config_id` on an instance with several profiles, none of them booted last, answers an error.',
    onOp('instances/boot', 'config_id'),
    'state',
    statesSection,
  ),
  clause(
    'instances/shutdown/offline',
    'Shutting down a running instance brings it to offline.',
    onRow('shutdown'),
    'state',
    statesSection,
  ),
  clause(
    'instances/shutdown/busy-refused',
    'A shut down is refused while another action of the instance is running or queued.',
    onOp('instances/shutdown'),
    'state',
    statesSection,
  ),
  clause(
    'instances/reboot/running',
    'Rebooting a running instance leaves it running.',
    onRow('reboot'),
    'state',
    statesSection,
  ),
  clause(
    'instances/reboot/config-choice',
    'A reboot with `config_id` null or omitted uses the last booted profile, else the only profile.',
    onOp('instances/reboot', 'config_id'),
    'behaviour',
    statesSection,
  ),
  clause(
    'instances/reboot/no-config-refused',
    'A reboot that can choose no profile (no `config_id`, none booted last, several profiles) answers an error.',
    onOp('instances/reboot', 'config_id'),
    'state',
    statesSection,
  ),
  clause(
    'instances/reboot/busy-refused',
    'A reboot is refused while another action of the instance is running or queued.',
    onOp('instances/reboot'),
    'state',
    statesSection,
  ),
  clause(
    'instances/password/requires-shutdown',
    'A root password reset is refused unless the instance is shut down.',
    onOp('instances/password'),
    'state',
    endpointsSection,
  ),
  clause(
    'instances/password/root-password-set',
    'After a root password reset the root user of the instance has the new password.',
    onOp('instances/password', 'root_pass'),
    'behaviour',
    endpointsSection,
  ),
  clause(
    'instances/rescue/sdh-reserved',
    'Rescue offers the slots sda to sdg only: sdh is reserved and cannot be assigned.',
    onOp('instances/rescue', 'devices'),
    'behaviour',
    endpointsSection,
  ),
  clause(
    'instances/rebuild/replaces-disks-and-configs',
    'A rebuild shuts the instance down, deletes all its disks and configuration profiles, and deploys the new image.',
    onRow('rebuild'),
    'state',
    statesSection,
  ),
  clause(
    'instances/rebuild/booted-default',
    'After a rebuild the instance is running, unless `booted` is false.',
    onOp('instances/rebuild', 'booted'),
    'state',
    statesSection,
  ),
  clause(
    'instances/rebuild/resizes-to-type',
    'A rebuild with `type` also resizes the instance to that type.',
    onOp('instances/rebuild', 'type'),
    'behaviour',
    statesSection,
  ),
  ...resizeConditions('instances/rebuild'),
  clause(
    'instances/resize/cold-default',
    'A resize without `migration_type`, or with `cold`, powers the instance down, migrates it and powers it on again.',
    onRow('resize-cold'),
    'state',
    statesSection,
  ),
  clause(
    'instances/resize/warm-stays-up',
    'A resize with `migration_type` `warm` keeps the instance up until the migration completes.',
    onRow('resize-warm'),
    'state',
    statesSection,
  ),
  ...resizeConditions('instances/resize'),
  clause(
    'instances/mutate/deprecated-type-only',
    'Upgrade applies to an instance of a deprecated type and allocates the resources of the upgraded type.',
    onRow('mutate'),
    'state',
    statesSection,
  ),
  clause(
    'instances/mutate/restarts-if-running',
    'An upgraded instance that was running is restarted.',
    onRow('mutate'),
    'state',
    statesSection,
  ),
  clause(
    'instances/mutate/busy-refused',
    'An upgrade is refused while another action of the instance is running or queued.',
    onOp('instances/mutate'),
    'state',
    statesSection,
  ),
];

const migrateRequirements: Requirement[] = [
  clause(
    'instances/migrate/cold-default',
    'A cold migration (the default) shuts the instance down if it is not off, migrates it, and boots it again if the migration shut it down.',
    onRow('migrate-cold'),
    'state',
    statesSection,
  ),
  clause(
    'instances/migrate/warm-stays-up',
    'A warm migration does not power the instance down before it completes.',
    onRow('migrate-warm'),
    'state',
    statesSection,
  ),
  clause(
    'instances/migrate/to-region',
    'A migration with `region` moves the instance to that region.',
    onOp('instances/migrate', 'region'),
    'behaviour',
    endpointsSection,
  ),
  clause(
    'instances/migrate/cancels-pending-host-migration',
    'A cross-region migration cancels a pending host migration that has not started.',
    onOp('instances/migrate', 'region'),
    'behaviour',
    endpointsSection,
  ),
  clause(
    'instances/migrate/upgrade-unavailable-400',
    'A migration with `upgrade` true, when the instance has no free upgrade or the region does not allow upgrades, answers HTTP 400 and does not migrate.',
    onOp('instances/migrate', 'upgrade'),
    'status',
    endpointsSection,
  ),
  clause(
    'instances/migrate/one-at-a-time',
    'A migration is refused while another one is queued, or while a scheduled one has been initiated.',
    onOp('instances/migrate'),
    'state',
    endpointsSection,
  ),
  clause(
    'instances/migrate/warm-not-cross-region',
    'A warm migration to another region is refused.',
    onOp('instances/migrate', 'type'),
    'behaviour',
    endpointsSection,
  ),
  clause(
    'instances/migrate/vpc-not-cross-region',
    'A cross-region migration of an instance with a vpc interface is refused.',
    onOp('instances/migrate', 'region'),
    'behaviour',
    interfaceSection,
  ),
  clause(
    'instances/migrate/ngn-ipv6-pools-or-failover',
    'A migration to a region with next-generation networking does not start while the instance has IPv6 /116 pools or IP failover enabled.',
    onOp('instances/migrate', 'region'),
    'behaviour',
    endpointsSection,
  ),
  clause(
    'instances/migrate/vlan-ngn-only',
    'An instance attached to a VLAN cannot be migrated to a region without next-generation networking.',
    onOp('instances/migrate', 'region'),
    'behaviour',
    interfaceSection,
  ),
];

const cloneRequirements: Requirement[] = [
  clause(
    'instances/clone/configs-absent',
    'A clone without `configs` clones every configuration profile with its disks, plus the disks listed in `disks`.',
    onOp('instances/clone', 'configs'),
    'behaviour',
    endpointsSection,
  ),
  clause(
    'instances/clone/configs-empty',
    'A clone with an empty `configs` clones no profile, but still clones the disks listed in `disks`.',
    onOp('instances/clone', 'configs'),
    'behaviour',
    endpointsSection,
  ),
  clause(
    'instances/clone/configs-listed',
    'A clone with `configs` clones the listed profiles with their disks, plus the disks listed in `disks`.',
    onOp('instances/clone', 'configs'),
    'behaviour',
    endpointsSection,
  ),
  clause(
    'instances/clone/no-extra-disks',
    'A clone whose `disks` is absent or empty clones no disks beyond those of the selected profiles.',
    onOp('instances/clone', 'disks'),
    'behaviour',
    endpointsSection,
  ),
  clause(
    'instances/clone/tags-cloned',
    'The tags of the source instance are cloned.',
    onOp('instances/clone'),
    'behaviour',
    endpointsSection,
  ),
  clause(
    'instances/clone/target-idle',
    'A clone to an existing instance that has a running or queued action is refused.',
    onOp('instances/clone', 'node_id'),
    'state',
    endpointsSection,
  ),
  clause(
    'instances/clone/target-enough-resources',
    'A clone to an existing instance without enough resources for the cloned disks is refused.',
    onOp('instances/clone', 'node_id'),
    'behaviour',
    endpointsSection,
  ),
  clause(
    'instances/clone/user-data-required-from-source',
    'A clone to a new instance from a source with user data is refused without `metadata.user_data`.',
    onOp('instances/clone', 'metadata.user_data'),
    'behaviour',
    endpointsSection,
  ),
  clause(
    'instances/clone/new-only-fields',
    '`region`, `type`, `label`, `backups_enabled` and `private_ip` apply only to a new instance: an existing target keeps its own.',
    onOp('instances/clone', 'node_id'),
    'persistence',
    endpointsSection,
  ),
  clause(
    'instances/clone/nat-becomes-any',
    'Cloning an instance whose vpc interface has a 1:1 NAT gives the clone a 1:1 NAT of `any`.',
    onOp('instances/clone'),
    'behaviour',
    interfaceSection,
  ),
  clause(
    'instances/clone/vlan-ngn-only',
    'An instance attached to a VLAN cannot be cloned to a region without next-generation networking.',
    onOp('instances/clone', 'region'),
    'behaviour',
    interfaceSection,
  ),
  clause(
    'instances/clone/billing-charge',
    'Cloning an instance incurs a charge.',
    onOp('instances/clone'),
    'behaviour',
    intro,
  ),
];

const requirements: Requirement[] = [
  {
    ...clause(
      'instances/status-names',
      `An instance's status is one of ${STATUS_NAMES.map((s) => `\`${s}\``).join(', ')}.`,
      { kind: 'state-table', table: POWER },
      'state',
      statesSection,
      'SHOULD',
    ),
    convention: true,
  },
  clause(
    'instances/outbound-mail-ports-restricted',
    `On accounts created after the documented date in 2019, outbound connections on ports ${OUTBOUND_RESTRICTED_PORTS.join(', ')} are restricted on all instances.`,
    { kind: 'resource', resource: 'instance' },
    'behaviour',
    intro,
  ),
  ...createRequirements,
  ...updateRequirements,
  ...lifecycleRequirements,
  ...migrateRequirements,
  ...cloneRequirements,
  clause(
    'instances/nodebalancers/readable-only',
    'The NodeBalancers list of an instance holds only the NodeBalancers it is assigned to that the caller may read.',
    onOp('instances/nodebalancers'),
    'behaviour',
    endpointsSection,
  ),
];

// Not shown and ambiguities ------------------------------------------------------------------

const notShown: NotShown[] = [
  {
    subject: 'instance',
    what: 'the instance record returned by create, view, list and update',
    source: at(createSection),
  },
  { subject: POWER, what: 'instance status value names', source: at(statesSection) },
  {
    subject: 'instances',
    what: 'the response bodies of delete, boot, reboot, shut down, password, rescue, rebuild, resize, upgrade, migrate and clone',
    source: at('Endpoints'),
  },
  {
    subject: 'instances/firewalls',
    what: 'the fields of the firewall, NodeBalancer and volume items',
    source: at('Resources and their fields > Other records'),
  },
  { subject: 'instances/nodebalancers', what: 'the shape of the NodeBalancer list', source: at(endpointsSection) },
  { subject: 'part 3 events', what: 'events of the other operations of Part 3', source: at('Events') },
  { subject: 'part 3 errors', what: 'status codes other than the two HTTP 400 cases', source: at('Errors') },
  { subject: 'instances', what: 'the maximum number of instances per account', source: at('Limits') },
];

const ambiguities: Ambiguity[] = [
  {
    id: 'instances/clone-access',
    source: at('Authentication'),
    question:
      'Clone needs the `add_nodes` grant; whether a restricted user also needs a grant on the source instance is not stated.',
    encoding: 'Only the `add_nodes` global grant is encoded; the note on the access records the open point.',
  },
  {
    id: 'instances/clone-label-rules',
    source: at(endpointsSection),
    question: 'The clone `label` is given as 3..64 characters only, where the create label has character rules too.',
    encoding: 'The clone label carries the full instance label rules, since it becomes the label of the new instance.',
  },
  {
    id: 'instances/clone-new-only-fields',
    source: at(endpointsSection),
    question:
      '`region` and `type` are "required for a new instance, only then"; `label`, `backups_enabled` and `private_ip` are "new instance only": refused or ignored with `node_id`?',
    encoding:
      'Required-if cross rules for `region` and `type` without `node_id`; with `node_id` they are not applied to the target (refusal or ignoring both pass), except `metadata.user_data`, which is explicitly not allowed.',
  },
  {
    id: 'instances/busy-actions',
    source: at(statesSection),
    question:
      'Shut down, reboot and upgrade have the condition "no action running or queued"; the document does not say whether the request is refused or waits.',
    encoding: 'Read as a refusal (requirements `.../busy-refused`).',
  },
  {
    id: 'instances/rescue-slot-shape',
    source: at(endpointsSection),
    question: 'The rescue `devices` object names slots sda to sdg but not what a slot holds.',
    encoding:
      'Each slot has the shape of a configuration profile slot (nullable object with `disk_id` or `volume_id`); no rule beyond the types is asserted.',
  },
  {
    id: 'instances/booted-default',
    source: at(createSection),
    question: '`booted` defaults to true only when created with an image or from a backup.',
    encoding: 'No fixed default; `defaultText` states the condition, and an empty instance stays offline.',
  },
  {
    id: 'instances/migrate-region',
    source: at(endpointsSection),
    question: 'A migration "with a region" is cross-region; a `region` equal to the current one is not discussed.',
    encoding: 'A migration with `region` is treated as cross-region: it emits `node_migrate_datacenter_create`.',
  },
  {
    id: 'instances/boot-reboot-order',
    source: at(statesSection),
    question:
      'Boot chooses "the only one; else the last booted one", reboot "the last booted config, else the only config".',
    encoding: 'Each operation keeps its own order; they differ only when no profile was booted last.',
  },
  {
    id: 'instances/resize-conditions',
    source: at(statesSection),
    question:
      'The resize conditions apply to "Resize and rebuild-with-resize"; the Errors row says "Resize or rebuild".',
    encoding:
      'The conditions bind resize and rebuild with `type` only; a rebuild without `type` is not refused for them.',
  },
  {
    id: 'instances/ngn-migration-observability',
    source: at(endpointsSection),
    question:
      'Which regions have next-generation networking, and whether an instance has IPv6 /116 pools or IP failover, cannot be read through the documented operations.',
    encoding: 'The NGN rules are requirements, marked for exclusion as not observable.',
  },
  {
    id: 'instances/user-data-in-rebuild',
    source: at(endpointsSection),
    question: 'Rebuild lists `metadata.user_data` without rules.',
    encoding: 'The rebuild body uses the same `metadata` object and `user_data` limit as create.',
  },
];

export const area: AreaSpec = {
  name: 'instances',
  part: 3,
  resources: [instance],
  operations: ops,
  requirements,
  stateTables: [powerTable],
  events: [
    {
      action: 'node_migrate_datacenter_create',
      part: 3,
      emittedBy: ['instances/migrate'],
      when: 'a migration with a region (cross-region)',
      source: at('Events'),
    },
    {
      action: 'password_reset',
      part: 3,
      emittedBy: ['instances/password'],
      when: 'when the root password reset succeeds',
      source: at('Events'),
    },
  ],
  errors: [
    {
      id: 'clone-concurrency',
      part: 3,
      condition: 'More than five concurrent clones from one source',
      behaviour: 'HTTP 400',
      operations: ['instances/clone'],
      status: 400,
      requirements: ['instances/clone/concurrent-clones'],
    },
    {
      id: 'migrate-upgrade-unavailable',
      part: 3,
      condition: 'Migrate with upgrade true and no free upgrade, or region not allowing upgrades',
      behaviour: 'HTTP 400, no migration',
      operations: ['instances/migrate'],
      status: 400,
      requirements: ['instances/migrate/upgrade-unavailable-400'],
    },
    {
      id: 'root-pass-weak',
      part: 3,
      condition: 'root_pass too weak',
      behaviour: `error text \`${PASSWORD_STRENGTH_ERROR}\``,
      operations: ['instances/create', 'instances/password', 'instances/rebuild', 'disks/create', 'disks/password'],
      reason: PASSWORD_STRENGTH_ERROR,
      requirements: [
        'instances/create/root_pass-strength',
        'instances/password/root_pass-strength',
        'instances/rebuild/root_pass-strength',
        'disks/create/root_pass-strength',
        'disks/password/password-strength',
      ],
    },
    {
      id: 'boot-no-config',
      part: 3,
      condition: 'Boot or reboot where no configuration can be chosen',
      behaviour: 'error returned',
      operations: ['instances/boot', 'instances/reboot'],
      requirements: ['instances/boot/no-config-refused', 'instances/reboot/no-config-refused'],
    },
    {
      id: 'delete-busy',
      part: 3,
      condition: 'Delete of an instance that is cloning or restoring',
      behaviour: 'rejected',
      operations: ['instances/delete'],
      requirements: ['instances/delete/busy-refused'],
    },
    {
      id: 'resize-conditions',
      part: 3,
      condition: 'Resize or rebuild with pending migration, outstanding balance or too much disk allocation',
      behaviour: 'rejected',
      operations: ['instances/resize', 'instances/rebuild'],
      requirements: ['instances/resize', 'instances/rebuild'].flatMap((op) =>
        ['pending-migration-refused', 'outstanding-balance-refused', 'disk-allocation-refused'].map(
          (slug) => `${op}/${slug}`,
        ),
      ),
    },
  ],
  limits: [
    {
      part: 3,
      item: 'Instance label',
      limit: '3..64 characters',
      encodedAt: ['instance.label', 'instances/clone#label'],
      numbers: [3, 64],
    },
    {
      part: 3,
      item: 'root_pass',
      limit: '7..128 characters',
      encodedAt: ['instance.root_pass', 'instances/password#root_pass', 'instances/rebuild#root_pass'],
      numbers: [7, 128],
    },
    {
      part: 3,
      item: 'Concurrent clones per source',
      limit: '5',
      encodedAt: ['instances/clone#rule:concurrent-clones'],
      numbers: [MAX_CONCURRENT_CLONES],
    },
    {
      part: 3,
      item: 'user_data',
      limit: 'at most 65535 bytes unencoded',
      encodedAt: [
        'instance.metadata.user_data',
        'instances/rebuild#metadata.user_data',
        'instances/clone#metadata.user_data',
      ],
      numbers: [USER_DATA_MAX_BYTES],
    },
    {
      part: 3,
      item: 'stackscript_data',
      limit: 'at most 65535 characters',
      encodedAt: ['instance.stackscript_data', 'instances/rebuild#stackscript_data'],
      numbers: [65535],
    },
    {
      part: 3,
      item: 'swap_size default',
      limit: '512',
      encodedAt: ['instance.swap_size'],
      numbers: [SWAP_SIZE_DEFAULT],
    },
    {
      part: 3,
      item: 'Watchdog',
      limit: 'gives up after more than 5 boot jobs within 15 minutes',
      encodedAt: [],
      numbers: [WATCHDOG.bootJobs, WATCHDOG.minutes],
      note: 'A count of boot jobs over time, held by no rule: requirement instances/update/watchdog-gives-up (excluded: an unexpected power-off cannot be caused through the API).',
    },
    {
      part: 3,
      item: 'Alert averaging window',
      limit: 'two hours',
      encodedAt: [],
      numbers: [],
      note: 'A time window, held by no rule: requirement instances/update/alerts-average-window (excluded: time).',
    },
  ],
  notShown,
  ambiguities,
};
