// Requirements of instance clone: which profiles and disks it copies, what it copies besides, and the targets it refuses.

import { on } from '../../prose.js';
import type { Requirement } from '../../types.js';
import { clause } from '../common.js';
import { endpointsSection, interfaceSection, intro } from './common.js';

export const cloneRequirements: Requirement[] = [
  clause(
    'instances/clone/configs-absent',
    'A clone without `configs` clones every configuration profile with its disks, plus the disks listed in `disks`.',
    on('instances/clone', 'configs'),
    'behaviour',
    endpointsSection,
  ),
  clause(
    'instances/clone/configs-empty',
    'A clone with an empty `configs` clones no profile, but still clones the disks listed in `disks`.',
    on('instances/clone', 'configs'),
    'behaviour',
    endpointsSection,
  ),
  clause(
    'instances/clone/configs-listed',
    'A clone with `configs` clones the listed profiles with their disks, plus the disks listed in `disks`.',
    on('instances/clone', 'configs'),
    'behaviour',
    endpointsSection,
  ),
  clause(
    'instances/clone/no-extra-disks',
    'A clone whose `disks` is absent or empty clones no disks beyond those of the selected profiles.',
    on('instances/clone', 'disks'),
    'behaviour',
    endpointsSection,
  ),
  clause(
    'instances/clone/tags-cloned',
    'The tags of the source instance are cloned.',
    on('instances/clone'),
    'behaviour',
    endpointsSection,
  ),
  clause(
    'instances/clone/target-idle',
    'A clone to an existing instance that has a running or queued action is refused.',
    on('instances/clone', 'node_id'),
    'state',
    endpointsSection,
  ),
  clause(
    'instances/clone/target-enough-resources',
    'A clone to an existing instance without enough resources for the cloned disks is refused.',
    on('instances/clone', 'node_id'),
    'behaviour',
    endpointsSection,
  ),
  clause(
    'instances/clone/user-data-required-from-source',
    'A clone to a new instance from a source with user data is refused without `metadata.user_data`.',
    on('instances/clone', 'metadata.user_data'),
    'behaviour',
    endpointsSection,
  ),
  clause(
    'instances/clone/new-only-fields',
    '`region`, `type`, `label`, `backups_enabled` and `private_ip` apply only to a new instance: an existing target keeps its own.',
    on('instances/clone', 'node_id'),
    'persistence',
    endpointsSection,
  ),
  clause(
    'instances/clone/nat-becomes-any',
    'Cloning an instance whose vpc interface has a 1:1 NAT gives the clone a 1:1 NAT of `any`.',
    on('instances/clone'),
    'behaviour',
    interfaceSection,
  ),
  clause(
    'instances/clone/vlan-ngn-only',
    'An instance attached to a VLAN cannot be cloned to a region without next-generation networking.',
    on('instances/clone', 'region'),
    'behaviour',
    interfaceSection,
  ),
  clause(
    'instances/clone/billing-charge',
    'Cloning an instance incurs a charge.',
    on('instances/clone'),
    'behaviour',
    intro,
  ),
];
