// Disks of an instance (Part 3): the disk create body, the eight disk operations, the resize and clone rules, and the disk label and resize limits.

import { defineArea } from '../area.js';
import {
  bodyOf,
  envelopeOf,
  int,
  jsonBody,
  length,
  notShownResponse,
  objectOf,
  oneOf,
  operations,
  range,
  req,
  scoped,
  str,
} from '../build.js';
import { on, proseOf } from '../prose.js';
import { otherRecords, statesSection } from '../sections.js';
import type { CrossRule, Field, Requirement, Resource } from '../types.js';
import {
  at,
  authorizedKeys,
  authorizedUsers,
  nodeParams,
  nodeRead,
  nodeWrite,
  PRIVATE_IMAGE_PATTERN,
  passwordRules,
  rootPass,
  rootPasswordSecret,
  stackscriptData,
  stackscriptId,
} from './common.js';

const diskSection = 'Resources and their fields > Disk';
const disksSection = 'Endpoints > Disks';
const prose = proseOf(3);

/** Disk label bounds, on create and on update. */
const DISK_LABEL = length(1, 48);
/** The smallest size a disk resize accepts, in MB. */
const DISK_RESIZE_MIN_MB = 1;

const onCreate = (f: Field): Field => ({ ...f, create: 'optional' });

export const disk: Resource = {
  id: 'disk',
  title: 'Disk (create body)',
  source: at(diskSection),
  notShown: 'the fields of the disk record returned by list and view; this table is the create body',
  fields: [
    int('size', { create: 'required', update: { via: 'disks/resize' }, description: 'disk size in MB' }),
    str('label', { create: 'optional', update: 'optional', rules: [DISK_LABEL], description: 'display label' }),
    str('filesystem', {
      create: 'optional',
      rules: [oneOf('raw', 'swap', 'ext3', 'ext4', 'initrd')],
      defaultText: "`ext4`, or the image's filesystem when the disk is created from an image",
      description: 'filesystem of the new disk',
    }),
    str('image', { create: 'optional', description: 'image ID to deploy the disk from' }),
    {
      ...rootPass('root password of a disk deployed from an image'),
      create: 'optional',
      update: { via: 'disks/password' },
    },
    onCreate(authorizedKeys()),
    onCreate(authorizedUsers()),
    onCreate(stackscriptId()),
    onCreate(stackscriptData()),
  ],
};

/** Cross-field rules of the disk create body (the update body takes only the label). */
const createRules: CrossRule[] = [
  {
    id: 'label-or-image',
    kind: 'required-if',
    fields: ['label', 'image'],
    params: { ifAbsent: 'image' },
    text: 'an empty disk (no `image`) needs a `label`; without a `label` an `image` is required.',
  },
  {
    id: 'root_pass-with-image',
    kind: 'required-if',
    fields: ['root_pass', 'image'],
    params: { ifPresent: 'image' },
    text: '`root_pass` is required when the disk is created from an `image`, with or without a StackScript.',
  },
  {
    id: 'image-with-stackscript',
    kind: 'required-if',
    fields: ['image', 'stackscript_id'],
    params: { ifPresent: 'stackscript_id' },
    text: 'a `stackscript_id` needs a compatible `image`.',
  },
  {
    id: 'stackscript-not-with-private-image',
    kind: 'forbidden-if',
    fields: ['stackscript_id', 'image'],
    params: { ifField: 'image', matches: PRIVATE_IMAGE_PATTERN },
    text: 'a `stackscript_id` cannot be used when the disk is deployed from a private image (`private/...`).',
  },
];
const oneDisk = { nodeId: 'integer', diskId: 'integer' } as const;
const recordNotShown = 'the fields of the disk record';
const bodyNotShown = 'the response body';

const ops = operations(3, 'disks', [
  {
    id: 'disks/list',
    name: 'Disks List',
    method: 'GET',
    path: '/node/instances/{nodeId}/disks',
    params: nodeParams,
    paging: 'bounded',
    response: envelopeOf(undefined, recordNotShown),
    auth: scoped('nodes:read_only'),
    access: nodeRead,
    summary: 'Lists the disks of an instance.',
    section: disksSection,
  },
  {
    id: 'disks/create',
    name: 'Disk Create',
    method: 'POST',
    path: '/node/instances/{nodeId}/disks',
    params: nodeParams,
    body: bodyOf(disk, 'create', { rules: createRules }),
    response: notShownResponse(bodyNotShown),
    auth: scoped('nodes:read_write'),
    access: nodeWrite,
    summary: 'Creates a disk on an instance, empty or deployed from an image.',
    section: disksSection,
  },
  {
    id: 'disks/view',
    name: 'Disk View',
    method: 'GET',
    path: '/node/instances/{nodeId}/disks/{diskId}',
    params: oneDisk,
    response: objectOf(undefined, recordNotShown),
    auth: scoped('nodes:read_only'),
    access: nodeRead,
    summary: 'Returns one disk of an instance.',
    section: disksSection,
  },
  {
    id: 'disks/update',
    name: 'Disk Update',
    method: 'PUT',
    path: '/node/instances/{nodeId}/disks/{diskId}',
    params: oneDisk,
    body: bodyOf(disk, 'update'),
    response: notShownResponse(bodyNotShown),
    auth: scoped('nodes:read_write'),
    access: nodeWrite,
    summary: 'Changes the label of a disk.',
    section: disksSection,
  },
  {
    id: 'disks/delete',
    name: 'Disk Delete',
    method: 'DELETE',
    path: '/node/instances/{nodeId}/disks/{diskId}',
    params: oneDisk,
    response: notShownResponse(bodyNotShown),
    auth: scoped('nodes:read_write'),
    access: nodeWrite,
    effects: ['destructive'],
    summary: 'Deletes a disk and the data on it.',
    section: disksSection,
  },
  {
    id: 'disks/clone',
    name: 'Disk Clone',
    method: 'POST',
    path: '/node/instances/{nodeId}/disks/{diskId}/clone',
    params: oneDisk,
    response: notShownResponse(bodyNotShown),
    auth: scoped('nodes:read_write'),
    access: nodeWrite,
    summary: 'Copies a disk byte for byte into a new disk of the same instance.',
    section: disksSection,
  },
  {
    id: 'disks/password',
    name: 'Disk Root Password Reset',
    method: 'POST',
    path: '/node/instances/{nodeId}/disks/{diskId}/password',
    params: oneDisk,
    body: jsonBody([
      req(
        str('password', {
          format: 'password',
          rules: passwordRules,
          description: 'new root password',
          secret: rootPasswordSecret,
        }),
      ),
    ]),
    response: notShownResponse(bodyNotShown),
    auth: scoped('nodes:read_write'),
    access: nodeWrite,
    summary: "Resets the root password of a disk's filesystem.",
    section: disksSection,
  },
  {
    id: 'disks/resize',
    name: 'Disk Resize',
    method: 'POST',
    path: '/node/instances/{nodeId}/disks/{diskId}/resize',
    params: oneDisk,
    body: jsonBody([
      req(int('size', { rules: [range(DISK_RESIZE_MIN_MB, undefined)], description: 'new size in MB' })),
    ]),
    response: notShownResponse(bodyNotShown),
    auth: scoped('nodes:read_write'),
    access: nodeWrite,
    summary: 'Grows or shrinks a disk.',
    section: disksSection,
  },
]);

const requirements: Requirement[] = [
  prose(
    'disks/create/image-minimum-size',
    'MUST',
    "A disk created from an image with a `size` below the image's minimum size is rejected.",
    on('disks/create', 'size'),
    'cross-field',
    diskSection,
  ),
  prose(
    'disks/create/filesystem-default',
    'MUST',
    "A disk created without `filesystem` gets `ext4`, or the image's filesystem when it is created from an image.",
    on('disks/create', 'filesystem'),
    'persistence',
    diskSection,
  ),
  prose(
    'disks/create/stackscript-compatible-image',
    'MUST',
    'A disk created with a `stackscript_id` is rejected unless `image` is one of the images that StackScript can be deployed with.',
    on('disks/create', 'stackscript_id'),
    'cross-field',
    diskSection,
  ),
  prose(
    'disks/create/stackscript-data-when-needed',
    'MUST',
    'A disk created with a StackScript that needs user input is rejected without a `stackscript_data` answering it.',
    on('disks/create', 'stackscript_data'),
    'cross-field',
    diskSection,
  ),
  prose(
    'disks/create/authorized-users-need-ssh-key',
    'MUST',
    'A disk create naming in `authorized_users` a user who has no SSH key on their profile is rejected.',
    on('disks/create', 'authorized_users'),
    'behaviour',
    diskSection,
  ),
  prose(
    'disks/create/keys-installed',
    'MUST',
    "On a disk deployed from an image, the keys in `authorized_keys` and the SSH keys of the users in `authorized_users` are appended to the root user's authorized keys.",
    on('disks/create', 'authorized_keys'),
    'behaviour',
    diskSection,
  ),
  prose(
    'disks/clone/new-disk',
    'MUST',
    'A successful disk clone adds one new disk to the same instance and leaves the source disk in place.',
    on('disks/clone'),
    'persistence',
    disksSection,
  ),
  prose(
    'disks/clone/byte-for-byte',
    'MUST',
    'The disk made by a clone holds a byte-for-byte copy of the source disk.',
    on('disks/clone'),
    'behaviour',
    disksSection,
  ),
  prose(
    'disks/clone/insufficient-storage',
    'MUST',
    'A disk clone is refused when the instance does not have enough free storage for the copy.',
    on('disks/clone'),
    'state',
    disksSection,
  ),
  prose(
    'disks/password/sets-root-password',
    'MUST',
    "A successful disk password reset makes the given `password` the root password of the disk's filesystem.",
    on('disks/password', 'password'),
    'behaviour',
    disksSection,
  ),
  prose(
    'disks/resize/in-use-accepted',
    'MUST',
    'A resize of a disk in the active configuration profile of a running instance is accepted as a request.',
    on('disks/resize'),
    'state',
    statesSection,
  ),
  prose(
    'disks/resize/in-use-fails',
    'MUST',
    'A resize accepted while the disk is in use fails afterwards, leaving the disk at its former size.',
    on('disks/resize'),
    'state',
    statesSection,
  ),
  prose(
    'disks/resize/succeeds-when-free',
    'MUST',
    'A resize succeeds when the instance is shut down or the disk is not in the active configuration profile.',
    on('disks/resize'),
    'state',
    statesSection,
  ),
  prose(
    'disks/resize/not-below-used-space',
    'MUST',
    'A disk cannot be shrunk below the space the files on it occupy: such a resize does not take effect.',
    on('disks/resize', 'size'),
    'state',
    statesSection,
  ),
];

export const area = defineArea(3, 'disks', {
  resources: [disk],
  operations: ops,
  requirements,
  limits: [
    { item: 'Disk label', limit: '1..48 characters', encodedAt: ['disk.label'], numbers: [1, 48] },
    {
      item: 'Disk resize size',
      limit: 'integer >= 1 MB',
      encodedAt: ['disks/resize#size'],
      numbers: [DISK_RESIZE_MIN_MB],
    },
  ],
  notShown: [
    { subject: 'disk', what: recordNotShown, source: at(otherRecords) },
    {
      subject: 'disks',
      what: 'the response bodies of disk create, update, delete, clone, password reset and resize',
      source: at('Endpoints'),
    },
    { subject: 'disks/create', what: 'the minimum disk size an image requires', source: at(diskSection) },
    { subject: 'disks', what: 'events of the disk operations', source: at('Events') },
    {
      subject: 'disks',
      what: 'status codes and reason texts of disk refusals (clone without storage, resize failures)',
      source: at('Errors'),
    },
  ],
  ambiguities: [
    {
      id: 'disks/scope-column',
      source: at(disksSection),
      question:
        'The Disks table gives the scope in its Notes column for list, create, view and update only; delete, clone, password and resize show other notes.',
      encoding:
        'The Authentication section applies: `nodes:read_only` for list and view, `nodes:read_write` for every change, with read_only or read_write on the instance.',
    },
    {
      id: 'disks/password-length',
      source: at(disksSection),
      question: 'The disk password reset says only that `password` must be strong; no length is given.',
      encoding:
        'The root password rules of instance create are applied: 7..128 characters and the strength score with its fixed error text.',
    },
    {
      id: 'disks/create-size-minimum',
      source: at(diskSection),
      question: 'Disk create gives `size` no lower bound, while resize requires at least 1 MB.',
      encoding: 'No bound on create `size` beyond the integer type and the image minimum (a prose requirement).',
    },
    {
      id: 'disks/empty-disk-label',
      source: at(diskSection),
      question:
        '"An empty disk needs a label; without a label an image is required" states one condition twice; "empty" is read as "created without an image".',
      encoding: 'One cross rule: `label` is required when `image` is absent.',
    },
    {
      id: 'disks/filesystem-default',
      source: at(diskSection),
      question: "The filesystem default depends on the request (ext4, or the image's filesystem).",
      encoding: 'Written as `defaultText` and a prose requirement, not as a single default value.',
    },
    {
      id: 'disks/create-rules-as-instance',
      source: at(diskSection),
      question:
        '"rules as on instance create" follows the list root_pass..stackscript_data; it is read as covering all of them, including the StackScript rules (compatible image, no private image).',
      encoding:
        'The common root_pass, authorized_keys, authorized_users, stackscript_id and stackscript_data fields, plus cross rules for the image they need.',
    },
    {
      id: 'disks/resize-failure-timing',
      source: at(statesSection),
      question:
        'A resize of a disk in use "succeeds but the resize fails"; whether a shrink below the used space is refused at once or fails afterwards is not said.',
      encoding:
        'The in-use request is accepted and the resize then fails; for the used-space rule only "does not take effect" is asserted, either way.',
    },
  ],
});
