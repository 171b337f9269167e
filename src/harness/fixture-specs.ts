// Where the entity each path parameter names comes from: created through the API, read from a list, or taken from the run's configuration.

import { BACKUP_SUCCESSFUL } from '../../spec/part3/backups.js';
import { TRANSITIONAL_STATUSES } from '../../spec/part3/instances.js';
import type { RunConfig } from '../target/config.js';

interface Created {
  /** The path parameter the fixture fills. */
  param: string;
  /** The operation that creates it, and the parameters that operation needs first. */
  create: string;
  needs: string[];
  /** The operation that deletes it at the end (with the same parameters plus this one). */
  remove?: string;
  /** The field of the record that the parameter takes (`id` unless said). */
  idField?: string;
  /** Where to find the new entity when the create response is not shown: the newest of this list. */
  newestIn?: string;
  /** Body values the entity needs for some operations. */
  variants?: Record<string, Record<string, unknown>>;
  /** Operations that need an existing entity of another kind than the one made: the first of this list. */
  pickFor?: Record<string, string>;
  /** Operations that complete the entity after creation (an OAuth client's thumbnail), sent with a valid request. */
  completeWith?: string[];
  /** Operations that need the entity made by another account than the caller's (a transfer to accept). */
  byAnotherAccountFor?: string[];
  /**
   * Work its creation starts and tests must not act during (an instance provisioning, a backup being
   * taken): read with `view` until `ready` holds for its `status`, after it is made or leased again.
   */
  settles?: { view: string; ready: (status: unknown) => boolean };
}

/** Entities the suite cannot make (events, invoices) or must not (payments): the first of a list. */
interface Picked {
  param: string;
  pick: string;
  needs: string[];
  idField?: string;
  /** A fixture whose creation adds to an empty list (a VPC adds an event). */
  prime?: string;
}

/** Values the run already knows: a region the target accepts, the current month. */
interface Configured {
  param: string;
  value: (config: RunConfig) => string | number | undefined;
}

export type FixtureSpec = Created | Picked | Configured;

export const fixtureSpecs: readonly FixtureSpec[] = [
  { param: 'vpcId', create: 'vpcs/create', needs: [], remove: 'vpcs/delete' },
  { param: 'vpcSubnetId', create: 'vpcs/subnets/create', needs: ['vpcId'], remove: 'vpcs/subnets/delete' },
  { param: 'stackscriptId', create: 'stackscripts/create', needs: [], remove: 'stackscripts/delete' },
  { param: 'contactId', create: 'managed/contacts/create', needs: [], remove: 'managed/contacts/delete' },
  { param: 'credentialId', create: 'managed/credentials/create', needs: [], remove: 'managed/credentials/revoke' },
  { param: 'serviceId', create: 'managed/services/create', needs: [], remove: 'managed/services/delete' },
  { param: 'tagLabel', create: 'tags/create', needs: [], remove: 'tags/delete', idField: 'label' },
  { param: 'issueId', pick: 'managed/issues/list', needs: [] },
  { param: 'username', create: 'users/create', needs: [], remove: 'users/delete', idField: 'username' },
  {
    param: 'clientId',
    create: 'oauth-clients/create',
    needs: [],
    remove: 'oauth-clients/delete',
    completeWith: ['oauth-clients/thumbnail-update'],
  },
  {
    param: 'paymentMethodId',
    create: 'billing/payment-methods/create',
    needs: [],
    remove: 'billing/payment-methods/delete',
    newestIn: 'billing/payment-methods/list',
  },
  { param: 'paymentId', pick: 'billing/payments/list', needs: [] },
  { param: 'invoiceId', pick: 'billing/invoices/list', needs: [] },
  { param: 'eventId', pick: 'events/list', needs: [], prime: 'vpcId' },
  { param: 'loginId', pick: 'events/logins/list', needs: [] },
  { param: 'kernelId', pick: 'kernels/list', needs: [] },
  // A pending transfer of no instances, the least a transfer carries; the deprecated entity-transfer
  // operations act on the same transfers. An accept needs one made by another account.
  {
    param: 'token',
    create: 'transfers/service/create',
    needs: [],
    remove: 'transfers/service/cancel',
    idField: 'token',
    byAnotherAccountFor: ['transfers/service/accept', 'transfers/entity/accept'],
  },
  // An instance of one disk from an image and one profile using it, with room for more disks.
  {
    param: 'nodeId',
    create: 'instances/create',
    needs: [],
    remove: 'instances/delete',
    completeWith: ['disks/create', 'configs/create'],
    // A root password is reset on an instance that is shut down: one made offline, not whichever
    // state the tests before left a leased instance in.
    variants: { 'instances/password': { booted: false } },
    settles: { view: 'instances/view', ready: (s) => typeof s === 'string' && !TRANSITIONAL_STATUSES.has(s) },
  },
  { param: 'configId', create: 'configs/create', needs: ['nodeId'], remove: 'configs/delete' },
  {
    param: 'interfaceId',
    create: 'interfaces/add',
    needs: ['nodeId', 'configId'],
    remove: 'interfaces/delete',
    // A VLAN interface cannot be updated: updates take the profile's default public interface.
    pickFor: { 'interfaces/update': 'interfaces/list' },
  },
  // Snapshots cannot be deleted: they go with their instance.
  {
    param: 'backupId',
    create: 'backups/snapshot',
    needs: ['nodeId'],
    settles: { view: 'backups/view', ready: (s) => s === BACKUP_SUCCESSFUL },
  },
  { param: 'diskId', create: 'disks/create', needs: ['nodeId'], remove: 'disks/delete' },
  // A private IPv4 address allocated to the instance (the one it may hold), to delete; reading one or
  // setting its reverse DNS takes the instance's first listed address, its public IPv4.
  {
    param: 'address',
    create: 'ips/allocate',
    needs: ['nodeId'],
    remove: 'ips/delete',
    idField: 'address',
    pickFor: { 'ips/view': 'ips/list', 'ips/update': 'ips/list' },
  },
  { param: 'id', value: (config) => config.regions[0] },
  { param: 'year', value: () => new Date().getUTCFullYear() },
  { param: 'month', value: () => new Date().getUTCMonth() + 1 },
];

/**
 * Operations whose tests each get a last path entity of their own: they fill a capped collection of
 * its parent (three interfaces per profile), or leave the entity unfit for the next test.
 */
export const freshParentFor: ReadonlySet<string> = new Set([
  'interfaces/add',
  // Resizing and cloning depend on how much disk the instance holds, which other tests of the shared one change.
  'instances/resize',
  'instances/clone',
  // A new snapshot replaces the instance's last one: a snapshot shared between tests is gone once a
  // later test on the same leased instance takes its own (backups/view answered 404 when the tests
  // of a file overlapped). Each test that reads or restores one takes it while it holds the instance.
  'backups/view',
  'backups/restore',
  // An accepted transfer is closed: each accept gets a transfer of its own.
  'transfers/service/accept',
  'transfers/entity/accept',
]);

/** The fixtures the suite makes itself through a create operation. */
export const createdFixtures: readonly Created[] = fixtureSpecs.filter((f): f is Created => 'create' in f);

/** The fixture of a parameter whose entity's work takes time (`settles`), if it is one. */
export const settlingFixture = (param: string): (Created & Required<Pick<Created, 'settles'>>) | undefined =>
  createdFixtures.find((f): f is Created & Required<Pick<Created, 'settles'>> => f.param === param && !!f.settles);
