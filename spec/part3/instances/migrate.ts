// Requirements of instance migrate: regions, warm and cold, upgrade, and when it is refused.

import { on } from '../../prose.js';
import type { Requirement } from '../../types.js';
import { clause } from '../common.js';
import { endpointsSection, interfaceSection, onRow, statesSection } from './common.js';

export const migrateRequirements: Requirement[] = [
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
    on('instances/migrate', 'region'),
    'behaviour',
    endpointsSection,
  ),
  clause(
    'instances/migrate/cancels-pending-host-migration',
    'A cross-region migration cancels a pending host migration that has not started.',
    on('instances/migrate', 'region'),
    'behaviour',
    endpointsSection,
  ),
  clause(
    'instances/migrate/upgrade-unavailable-400',
    'A migration with `upgrade` true, when the instance has no free upgrade or the region does not allow upgrades, answers HTTP 400 and does not migrate.',
    on('instances/migrate', 'upgrade'),
    'status',
    endpointsSection,
  ),
  clause(
    'instances/migrate/one-at-a-time',
    'A migration is refused while another one is queued, or while a scheduled one has been initiated.',
    on('instances/migrate'),
    'state',
    endpointsSection,
  ),
  clause(
    'instances/migrate/warm-not-cross-region',
    'A warm migration to another region is refused.',
    on('instances/migrate', 'type'),
    'behaviour',
    endpointsSection,
  ),
  clause(
    'instances/migrate/vpc-not-cross-region',
    'A cross-region migration of an instance with a vpc interface is refused.',
    on('instances/migrate', 'region'),
    'behaviour',
    interfaceSection,
  ),
  clause(
    'instances/migrate/ngn-ipv6-pools-or-failover',
    'A migration to a region with next-generation networking does not start while the instance has IPv6 /116 pools or IP failover enabled.',
    on('instances/migrate', 'region'),
    'behaviour',
    endpointsSection,
  ),
  clause(
    'instances/migrate/vlan-ngn-only',
    'An instance attached to a VLAN cannot be migrated to a region without next-generation networking.',
    on('instances/migrate', 'region'),
    'behaviour',
    interfaceSection,
  ),
];
