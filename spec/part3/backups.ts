// Backups and snapshots of an instance (Part 3): the six backup operations, snapshot replacement, cancel, and the restore conditions.

import { defineArea } from '../area.js';
import { bool, int, jsonBody, length, notShownResponse, objectOf, operations, req, scoped, str } from '../build.js';
import { on, proseOf } from '../prose.js';
import { otherRecords, statesSection } from '../sections.js';
import type { Requirement, Resource } from '../types.js';
import { at, nodeParams, nodeRead, nodeWrite } from './common.js';

const backupsSection = 'Endpoints > Backups';
const prose = proseOf(3);

/** The one backup status value the document names: a successfully completed backup. */
export const BACKUP_SUCCESSFUL = 'successful';

export const backup: Resource = {
  id: 'backup',
  title: 'Backup',
  source: at(otherRecords),
  notShown: 'every field of the backup and snapshot records except that `status` can read `successful`',
  fields: [
    str('status', {
      create: 'read-only',
      update: 'read-only',
      description: `\`${BACKUP_SUCCESSFUL}\` once the backup completed successfully; other values not shown`,
    }),
  ],
};
const oneBackup = { nodeId: 'integer', backupId: 'integer' } as const;
const bodyNotShown = 'the response body';

const ops = operations(3, 'backups', [
  {
    id: 'backups/list',
    name: 'Backups List',
    method: 'GET',
    path: '/node/instances/{nodeId}/backups',
    params: nodeParams,
    response: notShownResponse('the shape of the available-backups answer and the backup record fields'),
    auth: scoped('nodes:read_only'),
    access: nodeRead,
    summary: 'Lists the available backups and snapshot of an instance.',
    section: backupsSection,
  },
  {
    id: 'backups/snapshot',
    name: 'Snapshot Create',
    method: 'POST',
    path: '/node/instances/{nodeId}/backups',
    params: nodeParams,
    body: jsonBody([req(str('label', { rules: [length(1, 255)], description: 'label of the snapshot' }))]),
    response: notShownResponse(bodyNotShown),
    auth: scoped('nodes:read_write'),
    access: nodeWrite,
    effects: ['destructive'],
    summary: 'Takes a manual snapshot of an instance, replacing any existing snapshot.',
    section: backupsSection,
  },
  {
    id: 'backups/cancel',
    name: 'Backups Cancel',
    method: 'POST',
    path: '/node/instances/{nodeId}/backups/cancel',
    params: nodeParams,
    response: notShownResponse(bodyNotShown),
    auth: scoped('nodes:read_write'),
    access: nodeWrite,
    effects: ['destructive', 'billing'],
    summary: 'Cancels the backup service of an instance and deletes all its backups.',
    section: backupsSection,
  },
  {
    id: 'backups/enable',
    name: 'Backups Enable',
    method: 'POST',
    path: '/node/instances/{nodeId}/backups/enable',
    params: nodeParams,
    response: notShownResponse(bodyNotShown),
    auth: scoped('nodes:read_write'),
    access: nodeWrite,
    effects: ['billing'],
    summary: 'Enrolls an instance in the backup service.',
    section: backupsSection,
  },
  {
    id: 'backups/view',
    name: 'Backup View',
    method: 'GET',
    path: '/node/instances/{nodeId}/backups/{backupId}',
    params: oneBackup,
    response: objectOf(undefined, 'the fields of the backup record'),
    auth: scoped('nodes:read_only'),
    access: nodeRead,
    summary: 'Returns one backup of an instance.',
    section: backupsSection,
  },
  {
    id: 'backups/restore',
    name: 'Backup Restore',
    method: 'POST',
    path: '/node/instances/{nodeId}/backups/{backupId}/restore',
    params: oneBackup,
    body: jsonBody([
      req(int('node_id', { description: 'the instance to restore to' })),
      bool('overwrite', { description: 'delete every disk and configuration profile of the target first' }),
    ]),
    response: notShownResponse(bodyNotShown),
    auth: scoped('nodes:read_write'),
    access: nodeWrite,
    effects: ['destructive'],
    summary: 'Restores a backup onto an instance, optionally overwriting its disks and configurations.',
    section: backupsSection,
  },
]);

const requirements: Requirement[] = [
  prose(
    'backups/snapshot/replaces-existing',
    'MUST',
    'Taking a snapshot deletes any existing snapshot of the instance, so the former snapshot can no longer be viewed.',
    on('backups/snapshot'),
    'state',
    statesSection,
  ),
  prose(
    'backups/cancel/deletes-all-backups',
    'MUST',
    'Cancelling the backup service permanently deletes every backup of the instance, so none of them can be viewed afterwards.',
    on('backups/cancel'),
    'state',
    statesSection,
  ),
  prose(
    'backups/cancel/service-cancelled',
    'MUST',
    'After a backup cancel the instance is no longer enrolled in the backup service.',
    on('backups/cancel'),
    'persistence',
    backupsSection,
  ),
  prose(
    'backups/enable/enrolls',
    'MUST',
    'After a backup enable the instance is enrolled in the backup service.',
    on('backups/enable'),
    'persistence',
    backupsSection,
  ),
  prose(
    'backups/enable/extra-cost',
    'MUST',
    'Enrolling an instance in the backup service is charged in addition to the instance.',
    on('backups/enable'),
    'behaviour',
    'Resources and their fields > Instance (create body)',
  ),
  prose(
    'backups/restore/requires-successful-backup',
    'MUST',
    `A restore is refused unless the backup completed successfully (status \`${BACKUP_SUCCESSFUL}\`).`,
    on('backups/restore'),
    'state',
    statesSection,
  ),
  prose(
    'backups/restore/not-under-maintenance',
    'MUST',
    'A restore is refused while the backup is undergoing maintenance.',
    on('backups/restore'),
    'state',
    statesSection,
  ),
  prose(
    'backups/restore/same-region',
    'MUST',
    'A restore is refused when the target instance `node_id` is not in the same region as the backup.',
    on('backups/restore', 'node_id'),
    'cross-field',
    statesSection,
  ),
  prose(
    'backups/restore/target-not-backing-up',
    'MUST',
    'A restore is refused while the target instance is itself creating a backup.',
    on('backups/restore', 'node_id'),
    'state',
    statesSection,
  ),
  prose(
    'backups/restore/disks-on-target',
    'MUST',
    'A successful restore puts the disks of the backup on the target instance named by `node_id`.',
    on('backups/restore', 'node_id'),
    'persistence',
    backupsSection,
  ),
  prose(
    'backups/restore/overwrite-deletes-target',
    'MUST',
    'A restore with `overwrite` true first deletes every disk and configuration profile of the target instance.',
    on('backups/restore', 'overwrite'),
    'behaviour',
    backupsSection,
  ),
  prose(
    'backups/restore/insufficient-space',
    'MUST',
    'A restore with `overwrite` false onto a target without enough free space is refused with an insufficient-space error.',
    on('backups/restore', 'overwrite'),
    'state',
    backupsSection,
  ),
  prose(
    'backups/restore/keeps-disk-uuid',
    'MUST',
    'A restored disk has the same UUID as the original disk.',
    on('backups/restore'),
    'behaviour',
    backupsSection,
  ),
  prose(
    'backups/restore/target-grant',
    'SHOULD',
    'A restricted user needs read_write on the target instance `node_id` as well as on the source instance.',
    on('backups/restore', 'node_id'),
    'grant',
    'Authentication',
    true,
  ),
];

export const area = defineArea(3, 'backups', {
  resources: [backup],
  operations: ops,
  requirements,
  errors: [
    {
      id: 'restore-insufficient-space',
      condition: 'Restore with insufficient space and overwrite false',
      behaviour: 'error returned',
      operations: ['backups/restore'],
      requirements: ['backups/restore/insufficient-space'],
    },
  ],
  limits: [
    { item: 'Snapshot label', limit: '1..255 characters', encodedAt: ['backups/snapshot#label'], numbers: [1, 255] },
  ],
  notShown: [
    { subject: 'backup', what: 'the fields of the backup and snapshot records', source: at(otherRecords) },
    {
      subject: 'backups/list',
      what: 'the shape of the available-backups answer',
      source: at('Endpoints'),
    },
    {
      subject: 'backups',
      what: 'the response bodies of snapshot create, cancel, enable and restore',
      source: at('Endpoints'),
    },
    {
      subject: 'backups/restore',
      what: 'the status code and reason text of the insufficient-space error and of the other restore refusals',
      source: at('Errors'),
    },
    { subject: 'backups', what: 'events of the backup operations', source: at('Events') },
  ],
  ambiguities: [
    {
      id: 'backups/scope-column',
      source: at(backupsSection),
      question:
        'The Backups table names a scope for list, snapshot create and view only; cancel, enable and restore show none.',
      encoding:
        'The Authentication section applies: `nodes:read_write` with read_write on the instance for cancel, enable and restore.',
    },
    {
      id: 'backups/restore-overwrite-default',
      source: at(backupsSection),
      question: '`overwrite` has no stated default; only the true and false cases are described.',
      encoding:
        'No default is encoded; the insufficient-space requirement is tested with `overwrite` false given explicitly.',
    },
    {
      id: 'backups/restore-target-grant',
      source: at('Authentication'),
      question:
        'Restore names two instances (the source in the path, the target `node_id`); the grant sentence says only "the instance".',
      encoding:
        'read_write on the path instance is derived from the operation; read_write on the target is a SHOULD convention.',
    },
    {
      id: 'backups/snapshot-destructive',
      source: at(statesSection),
      question: 'Snapshot create is a create, but it deletes the previous snapshot.',
      encoding: 'Marked destructive, with the replacement as a prose requirement.',
    },
    {
      id: 'backups/same-uuid-advice',
      source: at(backupsSection),
      question:
        'Mounting the original and the restored disk together "picks one at random and may prevent booting": advice to callers, not a server rule.',
      encoding: 'Not a requirement; the same-UUID clause is, and it is not observable through the API.',
    },
  ],
});
