// What the instance documents do not show, and the ambiguities of their text.

import { otherRecords } from '../../sections.js';
import type { Ambiguity, NotShown } from '../../types.js';
import { at } from '../common.js';
import { createSection, endpointsSection, POWER, statesSection } from './common.js';

// Not shown and ambiguities ------------------------------------------------------------------

export const notShown: NotShown[] = [
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
    source: at(otherRecords),
  },
  { subject: 'instances/nodebalancers', what: 'the shape of the NodeBalancer list', source: at(endpointsSection) },
  { subject: 'part 3 events', what: 'events of the other operations of Part 3', source: at('Events') },
  { subject: 'part 3 errors', what: 'status codes other than the two HTTP 400 cases', source: at('Errors') },
  { subject: 'instances', what: 'the maximum number of instances per account', source: at('Limits') },
];

export const ambiguities: Ambiguity[] = [
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
