// Faults of instances: each a defect the reference server can switch on, with the requirements that must fail.

import { crossRuleSkips, eventMissing, faultsOf, skipRule } from './define.js';

const f = faultsOf('instances');

export const instancesFaults = [
  ...crossRuleSkips('instances'),
  skipRule('instances/create/label-characters'),
  skipRule('instances/create/root_pass-strength'),
  skipRule('instances/password/root_pass-strength'),
  eventMissing('instances', 'password_reset'),
  eventMissing('instances', 'node_migrate_datacenter_create'),
  f('tags-restricted-allowed', 'unrestricted-only', 'lets restricted users set instance tags', [
    'instances/create/tags-unrestricted-only',
    'instances/update/tags-unrestricted-only',
  ]),
  f('create-booted-ignored', 'state', 'leaves instances deployed from an image or a backup offline', [
    'instances/create/image-running',
    'instances/create/stackscript-running',
    'instances/create/backup-running',
  ]),
  f('image-deploy-no-swap', 'behaviour', 'deploys an image without the swap disk', [
    'instances/create/image-default-profile',
  ]),
  f('private-ip-missing', 'behaviour', 'assigns no private address for private_ip', [
    'instances/create/private-ip-assigned',
  ]),
  f('backups-account-setting-ignored', 'behaviour', 'ignores the account-wide backups setting on create', [
    'instances/create/backups-forced-by-account',
  ]),
  f('stackscript-image-unchecked', 'behaviour', 'deploys a StackScript with an image it does not list', [
    'instances/create/stackscript-compatible-image',
    'disks/create/stackscript-compatible-image',
  ]),
  f('stackscript-data-unchecked', 'behaviour', 'deploys a StackScript without the answers it needs', [
    'instances/create/stackscript-data-when-needed',
    'disks/create/stackscript-data-when-needed',
  ]),
  f('authorized-users-unchecked', 'behaviour', 'accepts authorized_users without SSH keys', [
    'instances/create/authorized-users-need-ssh-key',
    'disks/create/authorized-users-need-ssh-key',
  ]),
  f('backup-grant-unchecked', 'grant', 'creates from a backup without read_write on its instance', [
    'instances/create/backup-source-read-write',
  ]),
  // Judged while a backup or a migration is held in progress: each must fail when the server lets it through.
  f('backup-unfinished-deployed', 'state', 'creates an instance from a backup still being taken', [
    'instances/create/backup-successful-only',
  ]),
  skipRule('instances/rebuild/pending-migration-refused'),
  skipRule('instances/resize/pending-migration-refused'),
  f('boot-choice-first', 'state', 'boots the first of several profiles when none was booted last', [
    'instances/boot/no-config-refused',
  ]),
  f('reboot-ignores-last-booted', 'behaviour', 'reboots with the first profile, not the last booted', [
    'instances/reboot/config-choice',
  ]),
  f('reboot-leaves-offline', 'state', 'leaves a rebooted instance offline', ['instances/reboot/running']),
  f('mutate-any-type', 'state', 'accepts an upgrade of an instance whose type is not deprecated', [
    'instances/mutate/deprecated-type-only',
  ]),
  f('mutate-leaves-offline', 'state', 'leaves a running instance offline after its upgrade', [
    'instances/mutate/restarts-if-running',
  ]),
  f('mutate-while-busy', 'state', 'upgrades while another action is running', ['instances/mutate/busy-refused']),
  f('reboot-while-busy', 'state', 'reboots while another action is running', ['instances/reboot/busy-refused']),
  f('shutdown-while-busy', 'state', 'shuts down while another action is running', ['instances/shutdown/busy-refused']),
  f('shutdown-ignored', 'state', 'answers a shut down but leaves the instance running', ['instances/shutdown/offline']),
  f('password-reset-while-running', 'state', 'resets the root password of a running instance', [
    'instances/password/requires-shutdown',
  ]),
  f('status-name-invented', 'state', 'shows `stopping` while an instance shuts down', ['instances/status-names']),
  f('rescue-sdh-accepted', 'behaviour', 'lets rescue mount a device in the reserved sdh', [
    'instances/rescue/sdh-reserved',
  ]),
  f('rebuild-keeps-disks', 'state', 'keeps the old disks on a rebuild', [
    'instances/rebuild/replaces-disks-and-configs',
  ]),
  f('resize-leaves-offline', 'state', 'leaves a resized running instance powered off', [
    'instances/resize/cold-default',
    'instances/resize/warm-stays-up',
  ]),
  f('migrate-twice', 'state', 'starts a migration while another is queued', ['instances/migrate/one-at-a-time']),
  f('migrate-upgrade-unchecked', 'status', 'migrates with upgrade true and no free upgrade', [
    'instances/migrate/upgrade-unavailable-400',
  ]),
  f('migrate-warm-cross-region', 'behaviour', 'accepts a warm migration to another region', [
    'instances/migrate/warm-not-cross-region',
  ]),
  f('migrate-vpc-cross-region', 'behaviour', 'migrates an instance with a vpc interface across regions', [
    'instances/migrate/vpc-not-cross-region',
  ]),
  f('migrate-region-ignored', 'behaviour', 'answers a cross-region migration but keeps the region', [
    'instances/migrate/to-region',
  ]),
  f('delete-while-cloning', 'state', 'deletes an instance that is cloning', ['instances/delete/busy-refused']),
  f('clone-config-disks-skipped', 'behaviour', 'clones profiles without their disks', [
    'instances/clone/configs-absent',
    'instances/clone/configs-listed',
  ]),
  f('clone-all-disks', 'behaviour', 'clones every disk whatever configs and disks say', [
    'instances/clone/configs-empty',
    'instances/clone/no-extra-disks',
  ]),
  f('clone-tags-dropped', 'behaviour', "does not copy the source's tags", ['instances/clone/tags-cloned']),
  f('clone-target-busy', 'state', 'clones into a target with an action running', ['instances/clone/target-idle']),
  f('clone-target-storage-unchecked', 'behaviour', 'clones into a target without room for the disks', [
    'instances/clone/target-enough-resources',
  ]),
  f('clone-user-data-unchecked', 'behaviour', 'clones user data sources to new instances without user data', [
    'instances/clone/user-data-required-from-source',
  ]),
  f('clone-nat-copied', 'behaviour', 'copies a specific 1:1 NAT to the clone instead of any', [
    'instances/clone/nat-becomes-any',
  ]),
  skipRule('instances/create/interfaces.label-vlans-per-region'),
];
