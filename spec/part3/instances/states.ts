// The power and lifecycle state table of an instance.

import type { StateTable } from '../../types.js';
import { at } from '../common.js';
import { POWER, RESIZE_CONDITIONS, STATUS_NAMES, statesSection } from './common.js';

// State table --------------------------------------------------------------------------------

export const powerTable: StateTable = {
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
