// What is deliberately not tested, each with the reason it cannot be observed through the API.
//
// A clause is excluded only when no server can show it through the documented operations: emails,
// charges, provider-side monitoring and guests, windows longer than a run. Clauses that a server
// with a test hook can show (a movable clock, a second account) stay requirements; against a target
// without that hook they are `skipped` with the reason.

import type { Exclusion } from './types.js';

const email = (requirement: string, reason: string): Exclusion => ({ requirement, reason, group: 'email' });
const billing = (requirement: string, reason: string): Exclusion => ({ requirement, reason, group: 'billing' });
const time = (requirement: string, reason: string): Exclusion => ({ requirement, reason, group: 'time' });
const external = (requirement: string, reason: string): Exclusion => ({ requirement, reason, group: 'external' });
const internal = (requirement: string, reason: string): Exclusion => ({ requirement, reason, group: 'internal' });

const NO_GUEST = 'It happens inside the guest operating system, which the API does not show.';
const NO_MONITORING = "It is done by the provider's monitoring and responders, outside the API.";
const NO_CHARGE = 'Charges appear only in billing at the payment processor, not in any response of these operations.';
const NOT_IN_API = 'The objects it needs are managed through an API outside the three documents.';
const NO_NGN = 'Which regions have next-generation networking cannot be read through the documented operations.';

export const exclusions: Exclusion[] = [
  // Part 1: StackScripts and managed services
  internal(
    'stackscripts/user-defined-fields-from-script',
    'The syntax a script uses to declare user-defined fields is not shown, so no script with known declarations can be written.',
  ),
  email('managed/contact-alerted-by-email', 'Alerts to a managed contact are emails sent by the provider.'),
  internal(
    'managed/credentials/create/stored-securely',
    'How the provider stores credentials for its responders is not visible.',
  ),
  internal(
    'managed/credentials/update-password/applied',
    'The credential password is never returned and credential responses are not shown, so the stored pair cannot be read back.',
  ),
  external('managed/credentials/revoke/responders-lose-access', NO_MONITORING),
  external('managed/credentials/sshkey/responders-log-in', NO_MONITORING),
  external(
    'managed/issues/list/recent-and-ongoing',
    "Issues are raised by the provider's monitoring; the API cannot create or provoke them.",
  ),
  external('managed/node-settings/update/ssh.access-controls-responders', NO_MONITORING),
  external(
    'managed/node-settings/update/ssh.port-null-means-22',
    'The port responders connect to is visible only to the responders.',
  ),
  external(
    'managed/node-settings/update/ssh.user-null-means-root',
    'The user responders log in as is visible only to the responders.',
  ),
  external('managed/service-timeout-counts-down', NO_MONITORING),
  external('managed/service-body-counts-up', NO_MONITORING),
  external('managed/service-consultation-group-notified', NO_MONITORING),
  external('managed/services/create/monitoring-begins', NO_MONITORING),
  external('managed/services/delete/no-longer-monitored', NO_MONITORING),
  external('managed/services/disable/monitoring-disabled', `${NO_MONITORING} The service record fields are not shown.`),
  external('managed/services/enable/monitoring-on', `${NO_MONITORING} The service record fields are not shown.`),
  time(
    'managed/stats/last-24-hours',
    'The data point shape is not shown and the values are 24 hours of past monitoring.',
  ),
  internal(
    'managed/stats/combined-series',
    'The series and their shape are not shown, and values combine monitoring data only the provider has.',
  ),

  // Part 2: account and billing
  internal(
    'account/availability/list/all-regions',
    'The availability record is not shown and the list of regions is not part of the documents.',
  ),
  internal(
    'account/availability/view/one-region',
    'The availability record is not shown, so which region an answer describes cannot be read.',
  ),
  internal('account/cancel/cancels-account', 'The documents show no observable state of a cancelled account.'),
  billing('account/cancel/charges-remaining-balance', NO_CHARGE),
  billing('account/cancel/charge-failure-error', 'A failing card charge cannot be provoked through the API.'),
  internal(
    'account/transfer/current-month-gb',
    'The network transfer record is not shown and metered usage cannot be produced from outside.',
  ),
  internal(
    'account/settings/view/reports-subscriptions',
    'The names of the managed and longview subscription fields are not shown.',
  ),
  internal(
    'account/settings/managed-enable/enables-managed',
    'No shown field or operation reports whether managed monitoring is on for the account.',
  ),
  email('account/settings/managed-enable/welcome-email', 'The welcome email goes to the account address.'),
  billing(
    'account/promo-codes/add/adds-expiring-credit',
    'The amount and expiry of a promo credit appear in no shown record.',
  ),
  external(
    'account/promo-codes/add/one-promo-credit',
    'It needs a valid promo code, and codes are issued outside the API.',
  ),
  billing(
    'billing/payments/create/default-method-charged',
    'Which method was charged is decided at the payment processor; the payment record is not shown.',
  ),
  external(
    'billing/payment-methods/create/valid-zip-first',
    'Advice to the caller: how a server treats a missing zip is not fixed, so there is nothing to judge.',
  ),

  // Part 2: users, events, OAuth clients, transfers
  email('users/create/confirmation-email', "The confirmation message goes to the new user's mailbox."),
  external('users/add-longview-plan', 'Longview clients and plans have no operations in the documents.'),
  external('users/longview-subscription-grant', 'The longview subscription has no operations in the documents.'),
  external('events/logins/list/all-users', 'Logins happen at {auth_url}; the suite cannot make other users log in.'),
  external('events/logins/list/successful-only', 'It needs a failed login at {auth_url}, outside the API.'),
  external('events/maintenance/list/viewable-entities-only', 'Only the provider schedules maintenance.'),
  external('events/maintenance/list/canceled-excluded', 'Only the provider schedules and cancels maintenance.'),
  external(
    'events/maintenance/list/instances-only',
    'Only the provider schedules maintenance, and its record is not shown.',
  ),
  external(
    'events/notifications/list/disappear-when-resolved',
    'Only the provider raises and resolves the causes of notifications.',
  ),
  external(
    'oauth-clients/reset-secret/old-secret-expires',
    'Secrets are used only at {auth_url}, whose endpoints are not shown.',
  ),
  external(
    'oauth-clients/delete/credentials-refused',
    'Client id and secret are used only at {auth_url}, whose endpoints are not shown.',
  ),
  external(
    'oauth-clients/delete/tokens-invalid',
    'It needs a token issued to the client through the authorization exchange at {auth_url}, which is not shown.',
  ),
  email(
    'transfers/service/create/confirmation-email',
    "The confirmation email goes to the creating account's mailbox.",
  ),
  email('transfers/service/accept/emails-both-accounts', "Acceptance emails go to both accounts' mailboxes."),
  email(
    'transfers/service/cancel/cancellation-email',
    "The cancellation email goes to the creating account's mailbox.",
  ),
  time(
    'transfers/service/accept/completes-within-limit',
    'Completion happens in the background within hours, and no completion time is shown.',
  ),
  time(
    'transfers/service/create/not-in-incomplete-accepted-transfer',
    'It needs a transfer held inside its completion window, which a client cannot do.',
  ),
  billing('transfers/service/accept/billing-moves', 'Billing start and end are not visible through the API.'),
  billing(
    'transfers/service/create/no-past-due-balance',
    'A past-due balance cannot be created on purpose through the API.',
  ),
  billing(
    'transfers/service/accept/acceptor-no-past-due-balance',
    'A past-due balance cannot be created on purpose through the API.',
  ),
  internal(
    'transfers/service/create/no-tos-violation',
    'Terms of Service violations are provider-side records the API neither sets nor shows.',
  ),
  internal(
    'transfers/service/accept/no-tos-violation',
    'Terms of Service violations are provider-side records the API neither sets nor shows.',
  ),
  internal(
    'transfers/service/accept/acceptor-no-other-limitation',
    '"Any other limitation" is an undisclosed provider-side judgement.',
  ),
  external('transfers/service/accept/dns-not-moved', 'DNS records have no operations in the documents.'),
  external('transfers/service/create/not-on-nodebalancer', NOT_IN_API),
  external('transfers/service/create/not-on-firewall', NOT_IN_API),
  external(
    'transfers/service/create/not-managed',
    'How an instance becomes assigned to a managed service is not defined by the API.',
  ),
  external('transfers/service/create/no-volume', NOT_IN_API),
  external('transfers/service/create/no-shared-ip', 'The documents have no IP sharing operation.'),
  external('transfers/service/create/no-ipv6-range', 'The documents have no operation that assigns IPv6 ranges.'),

  // Part 3: instances, configuration profiles, interfaces
  internal(
    'interfaces/vlan-label-creates-vlan',
    'No documented operation lists VLANs; only acceptance of the label is visible.',
  ),
  internal('interfaces/vlan-ipam-address-network-helper', NO_GUEST),
  external('interfaces/vpc-nat-1-1-address-not-shared', 'No documented operation shares addresses between instances.'),
  internal('interfaces/first-non-vlan-acts-primary', 'The default route is guest network configuration.'),
  internal('interfaces/position-selects-device', NO_GUEST),
  external('interfaces/public-eth0-reachability', 'Public reachability is network behaviour outside the API.'),
  internal('interfaces/changes-after-reboot', NO_GUEST),
  external('interfaces/vlan-ngn-regions-only', NO_NGN),
  internal('interfaces/order/effective-after-reboot', NO_GUEST),
  time('configs/create/boot-waits-for-device', 'An open-ended wait cannot be observed within a deadline.'),
  internal('configs/create/root-device-must-mount', NO_GUEST),
  external(
    'instances/outbound-mail-ports-restricted',
    'Port filtering is network behaviour outside the API, and the cut-off date is not given.',
  ),
  billing('instances/create/billing-charge', NO_CHARGE),
  billing('instances/create/backups-extra-cost', NO_CHARGE),
  internal('instances/create/backup-root-pass-matches', 'A root password is never returned.'),
  internal(
    'instances/create/stackscript-not-with-backup',
    'It is implied by two other rules: a `stackscript_id` needs an `image` (instances/create/stackscript-needs-image) and `image` excludes `backup_id` (instances/create/image-or-backup), so no request breaks it alone and no server can show it on its own.',
  ),
  internal('instances/create/ssh-keys-installed', NO_GUEST),
  external('instances/create/firewall-attached', NOT_IN_API),
  external('instances/create/private-image-grant', NOT_IN_API),
  external(
    'instances/create/user-data-needs-cloud-init-image',
    'Image capabilities are not readable through the documented operations.',
  ),
  external(
    'instances/create/user-data-needs-metadata-region',
    'Region capabilities are not readable through the documented operations.',
  ),
  internal('instances/create/user-data-fixed', 'User data is never returned by a documented operation.'),
  internal('instances/create/cloud-config-applied', NO_GUEST),
  external('instances/update/watchdog-reboots', 'An unexpected power-off cannot be caused through the API.'),
  external(
    'instances/update/watchdog-gives-up',
    'It needs repeated unexpected power-offs, which the API cannot cause.',
  ),
  time('instances/update/alerts-average-window', 'Alerts average two hours of load.'),
  time('instances/update/alert-zero-disables', 'Seeing an alert not fire needs hours of sustained load.'),
  time(
    'instances/update/backup-schedule-chosen',
    'The service chooses the day and window at an unspecified later time.',
  ),
  time('instances/update/backup-window-span', 'When backups actually run is not visible within a run.'),
  external('instances/delete/ips-released', 'Released addresses return to the provider pool, which is not visible.'),
  external('instances/delete/volumes-detached', NOT_IN_API),
  billing('instances/delete/billing-stops', NO_CHARGE),
  internal('instances/password/root-password-set', 'A root password is never returned.'),
  billing(
    'instances/resize/outstanding-balance-refused',
    'An outstanding balance cannot be produced on purpose through the API.',
  ),
  billing(
    'instances/rebuild/outstanding-balance-refused',
    'An outstanding balance cannot be produced on purpose through the API.',
  ),
  external('instances/migrate/cancels-pending-host-migration', 'Host migrations are scheduled by the provider.'),
  external(
    'instances/migrate/ngn-ipv6-pools-or-failover',
    `${NO_NGN} IPv6 /116 pools and IP failover cannot be set either.`,
  ),
  external('instances/migrate/vlan-ngn-only', NO_NGN),
  external('instances/clone/vlan-ngn-only', NO_NGN),
  billing('instances/clone/billing-charge', NO_CHARGE),
  external('instances/nodebalancers/readable-only', NOT_IN_API),

  // Part 3: disks, backups, addresses, statistics
  internal('disks/create/filesystem-default', 'The disk record is not shown, so the stored filesystem cannot be read.'),
  internal('disks/create/keys-installed', NO_GUEST),
  internal('disks/clone/byte-for-byte', 'Disk contents are not readable through the API.'),
  internal('disks/password/sets-root-password', NO_GUEST),
  internal(
    'disks/resize/in-use-fails',
    'The failure happens in a background job after the request succeeded, and the disk record is not shown.',
  ),
  internal('backups/cancel/service-cancelled', 'Enrolment shows only in the instance record, which is not shown.'),
  internal('backups/enable/enrolls', 'Enrolment shows only in the instance record, which is not shown.'),
  billing('backups/enable/extra-cost', NO_CHARGE),
  external('backups/restore/not-under-maintenance', 'Backup maintenance is done by the provider.'),
  internal('backups/restore/keeps-disk-uuid', 'A disk UUID is a filesystem property no response shows.'),
  billing('ips/allocate/extra-public-charged', NO_CHARGE),
  time('stats/view/past-24-hours', 'The data point shape is not shown and the window is history a run cannot set up.'),
  time(
    'stats/view-month/current-month-past-30-days',
    'A 30-day history window cannot be set up or checked from outside.',
  ),
  time('stats/transfer/current-month', 'The transfer figures are not shown and cover a month a run cannot set up.'),
];
