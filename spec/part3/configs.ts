// Configuration profiles of an instance (Part 3): the profile fields with their device slots, the five profile operations and the rules stated in prose.

import { defineArea } from '../area.js';
import {
  bodyOf,
  bool,
  envelopeOf,
  int,
  length,
  notShownResponse,
  obj,
  objectOf,
  oneOf,
  operations,
  scoped,
  str,
} from '../build.js';
import { on } from '../prose.js';
import { otherRecords } from '../sections.js';
import type { Ambiguity, CrossRule, Field, NotShown, Requirement, Resource } from '../types.js';
import { at, clause, nodeParams, nodeRead, nodeWrite } from './common.js';
import { interfaceArrayRules, interfacesField, purposeRules } from './interfaces.js';

export const CONFIG_LABEL = { min: 1, max: 48 } as const;
/** Device slots of a configuration profile. */
export const DEVICE_SLOTS = ['sda', 'sdb', 'sdc', 'sdd', 'sde', 'sdf', 'sdg', 'sdh'] as const;
/** Slots that a profile in `fullvirt` mode cannot use. */
const FULLVIRT_UNAVAILABLE = ['sde', 'sdf', 'sdg', 'sdh'] as const;
const DEFAULT_KERNEL = 'node/latest-64bit';
/** Kernel IDs the document names besides the default. */
const OTHER_KERNELS = ['node/grub2', 'node/direct-disk'] as const;
const DEFAULT_ROOT_DEVICE = '/dev/sda';

const fieldsSection = 'Resources and their fields > Configuration profile (create body)';
const endpointsSection = 'Endpoints > Configuration profiles and interfaces';

/** One device slot: a disk or a volume, or null when empty. */
export const deviceSlot = (name: string): Field =>
  obj(
    name,
    [int('disk_id', { description: 'disk in the slot' }), int('volume_id', { description: 'volume in the slot' })],
    {
      nullable: true,
      description: 'a disk or a volume; null for an empty slot',
    },
  );

export const config: Resource = {
  id: 'config',
  title: 'Configuration profile',
  source: at(fieldsSection),
  notShown: 'the fields of the configuration profile record in responses',
  fields: [
    str('label', {
      create: 'required',
      rules: [length(CONFIG_LABEL.min, CONFIG_LABEL.max)],
      description: 'profile name',
    }),
    obj('devices', DEVICE_SLOTS.map(deviceSlot), {
      create: 'required',
      update: 'optional',
      description: 'device slots sda to sdh; an empty object or empty slots are allowed',
    }),
    str('comments', { nullable: true, create: 'optional', update: 'optional', description: 'free text' }),
    obj(
      'helpers',
      [
        bool('devtmpfs_automount', { default: false }),
        bool('distro'),
        bool('modules_dep'),
        bool('network'),
        bool('updatedb_disabled'),
      ],
      { create: 'optional', update: 'optional', description: 'boot helpers' },
    ),
    interfacesField({ create: 'optional', update: 'optional' }),
    str('kernel', {
      create: 'optional',
      default: DEFAULT_KERNEL,
      description: `kernel ID; other IDs include ${OTHER_KERNELS.map((k) => `\`${k}\``).join(' and ')}`,
    }),
    int('memory_limit', { create: 'optional', defaultText: "the instance's total RAM", description: 'memory limit' }),
    str('root_device', {
      create: 'optional',
      update: 'optional',
      default: DEFAULT_ROOT_DEVICE,
      description: `root device; ${DEFAULT_ROOT_DEVICE} when absent or invalid`,
    }),
    str('run_level', {
      create: 'optional',
      update: 'optional',
      rules: [oneOf('default', 'single', 'binbash')],
      default: 'default',
    }),
    str('virt_mode', {
      create: 'optional',
      update: 'optional',
      rules: [oneOf('paravirt', 'fullvirt')],
      default: 'paravirt',
    }),
  ],
};

/** A slot holds a disk or a volume, not both. */
export const oneDevicePerSlot = (slots: readonly string[]): CrossRule[] =>
  slots.map((slot) => ({
    id: `devices.${slot}.one-device`,
    kind: 'exclusive',
    fields: [`devices.${slot}.disk_id`, `devices.${slot}.volume_id`],
    text: `Slot \`${slot}\` holds a \`disk_id\` or a \`volume_id\`, not both.`,
  }));

const fullvirtSlots: CrossRule = {
  id: 'fullvirt-slots',
  kind: 'forbidden-if',
  fields: [...FULLVIRT_UNAVAILABLE.map((slot) => `devices.${slot}`), 'virt_mode'],
  params: { when: { virt_mode: 'fullvirt' }, slots: [...FULLVIRT_UNAVAILABLE] },
  text: 'With `virt_mode` `fullvirt` the slots `sde` to `sdh` hold no device.',
};

const bodyRules: CrossRule[] = [
  ...oneDevicePerSlot(DEVICE_SLOTS),
  fullvirtSlots,
  ...purposeRules('interfaces'),
  ...interfaceArrayRules('interfaces'),
];

const path = '/node/instances/{nodeId}/configs';

const ops = operations(3, 'configs', [
  {
    id: 'configs/list',
    name: 'Configuration Profiles List',
    method: 'GET',
    path,
    params: nodeParams,
    paging: 'bounded',
    response: envelopeOf(undefined, 'configuration profile records'),
    auth: scoped('nodes:read_only'),
    access: nodeRead,
    summary: 'Lists the configuration profiles of an instance.',
    section: endpointsSection,
  },
  {
    id: 'configs/create',
    name: 'Configuration Profile Create',
    method: 'POST',
    path,
    params: nodeParams,
    body: bodyOf(config, 'create', { rules: bodyRules }),
    response: notShownResponse('what configuration profile create returns'),
    auth: scoped('nodes:read_write'),
    access: nodeWrite,
    summary: 'Adds a configuration profile to an instance.',
    section: endpointsSection,
  },
  {
    id: 'configs/view',
    name: 'Configuration Profile View',
    method: 'GET',
    path: `${path}/{configId}`,
    params: { nodeId: 'integer', configId: 'integer' },
    response: objectOf(undefined, 'the fields of the configuration profile record'),
    auth: scoped('nodes:read_only'),
    access: nodeRead,
    summary: 'Returns one configuration profile of an instance.',
    section: endpointsSection,
  },
  {
    id: 'configs/update',
    name: 'Configuration Profile Update',
    method: 'PUT',
    path: `${path}/{configId}`,
    params: { nodeId: 'integer', configId: 'integer' },
    body: bodyOf(config, 'update', { rules: bodyRules }),
    response: notShownResponse('what configuration profile update returns'),
    auth: scoped('nodes:read_write'),
    access: nodeWrite,
    summary: 'Changes the devices, helpers, interfaces, root device, run level or mode of a configuration profile.',
    section: endpointsSection,
  },
  {
    id: 'configs/delete',
    name: 'Configuration Profile Delete',
    method: 'DELETE',
    path: `${path}/{configId}`,
    params: { nodeId: 'integer', configId: 'integer' },
    response: notShownResponse('what configuration profile delete returns'),
    auth: scoped('nodes:read_write'),
    access: nodeWrite,
    effects: ['destructive'],
    summary: 'Deletes a configuration profile of an instance.',
    section: endpointsSection,
  },
]);

const requirements: Requirement[] = [
  clause(
    'configs/create/devices-may-be-empty',
    'A profile whose `devices` is an empty object, or has null slots, is accepted.',
    on('configs/create', 'devices'),
    'behaviour',
    fieldsSection,
  ),
  clause(
    'configs/create/boot-waits-for-device',
    'Booting with a profile that has no device waits until a device exists.',
    on('configs/create', 'devices'),
    'behaviour',
    fieldsSection,
  ),
  clause(
    'configs/create/other-kernels',
    `The kernels ${OTHER_KERNELS.map((k) => `\`${k}\``).join(' and ')} are accepted as \`kernel\`.`,
    on('configs/create', 'kernel'),
    'behaviour',
    fieldsSection,
  ),
  clause(
    'configs/create/root-device-invalid-defaults',
    `An invalid \`root_device\` is not refused: the profile gets \`${DEFAULT_ROOT_DEVICE}\`, as when it is absent.`,
    on('configs/create', 'root_device'),
    'behaviour',
    fieldsSection,
  ),
  clause(
    'configs/create/root-device-must-mount',
    'An instance does not boot until the root device of its profile is mounted.',
    on('configs/create', 'root_device'),
    'behaviour',
    fieldsSection,
  ),
  clause(
    'configs/update/root-device-invalid-defaults',
    `An update with an invalid \`root_device\` sets \`${DEFAULT_ROOT_DEVICE}\` rather than being refused.`,
    on('configs/update', 'root_device'),
    'behaviour',
    endpointsSection,
  ),
  clause(
    'configs/update/interfaces-redefined',
    "An update with `interfaces` replaces the profile's interfaces with exactly the ones given, each redefined in full.",
    on('configs/update', 'interfaces'),
    'persistence',
    fieldsSection,
  ),
];

const notShown: NotShown[] = [
  {
    subject: 'config',
    what: 'the fields of the configuration profile record in responses',
    source: at(otherRecords),
  },
  {
    subject: 'configs/update',
    what: 'whether kernel, label and memory_limit are accepted in the update body',
    source: at(endpointsSection),
  },
  { subject: 'configs/create', what: 'the response body of profile create', source: at(endpointsSection) },
  { subject: 'configs/update', what: 'the response body of profile update', source: at(endpointsSection) },
  { subject: 'configs/delete', what: 'the response body of profile delete', source: at(endpointsSection) },
];

const ambiguities: Ambiguity[] = [
  {
    id: 'configs/update-kernel-label-memory',
    source: at(endpointsSection),
    question: 'Whether the profile update body takes `kernel`, `label` and `memory_limit` is not shown.',
    encoding: 'The update body leaves the three fields out and nothing is asserted about them.',
  },
  {
    id: 'configs/root-device-invalid',
    source: at(fieldsSection),
    question: '`root_device` "defaults to /dev/sda if absent or invalid": is an invalid value refused or replaced?',
    encoding: 'Replaced, not refused (requirements `configs/create/root-device-invalid-defaults` and its update twin).',
  },
  {
    id: 'configs/device-slot-shape',
    source: at(fieldsSection),
    question: 'Each slot is "an object with disk_id or volume_id, only one per slot, may be null".',
    encoding:
      'Each slot is a nullable object with optional integer `disk_id` and `volume_id`; an `exclusive` cross rule per slot forbids both at once.',
  },
  {
    id: 'configs/fullvirt-slots-on-update',
    source: at(fieldsSection),
    question: 'On update, `virt_mode` may be absent from the body while the stored profile is `fullvirt`.',
    encoding:
      'The cross rule `fullvirt-slots` is read against the resulting profile: the stored mode counts when the body has none.',
  },
];

export const area = defineArea(3, 'configs', {
  resources: [config],
  operations: ops,
  requirements,
  limits: [
    {
      item: 'Configuration label',
      limit: '1..48 characters',
      encodedAt: ['config.label'],
      numbers: [CONFIG_LABEL.min, CONFIG_LABEL.max],
    },
  ],
  notShown,
  ambiguities,
});
