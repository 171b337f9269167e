// The conformant variants: behaviours the documents allow that the reference server does not happen to have, each switched on like a fault (`serve --variant`), with where the documents leave it open and what a run against it must judge.

import type { Family, Requirement } from '../../spec/types.js';

/** Which requirements a variant's server is judged on in `cloudconf mutation --variants`. */
export type VariantScope =
  /** On the server of every variant that can share one (`together`): the whole API. */
  | { kind: 'together' }
  /** On a server of its own, over these requirements only (it cannot share: it changes timing for everything). */
  | { kind: 'own'; areas?: string[]; ids?: string[] };

export interface Variant<Name extends string = string> {
  name: Name;
  /** What the server does differently, in a sentence. */
  does: string;
  /** Where the documents leave the choice open: part and section, or the DECISIONS entry. */
  allowedBy: string;
  /**
   * Conventions of ours (SHOULD) the variant breaks: the documents allow what it does, our preference
   * does not, so their `non-strict` verdict is expected there and is no false alarm.
   */
  departsFrom: string[];
  scope: VariantScope;
  /**
   * Families of faults the checks must still kill with the variant on (the checks it could blind):
   * `mutation --variants` runs each such fault again on a server with the variant too.
   */
  stillKills?: Family[];
}

const together = { kind: 'together' } as const;

/** Every requirement judged while an action is held in progress (`whileBusy` in the suites; a self-test keeps the list whole). */
export const BUSY_STATE_REQUIREMENTS = [
  'instances/status-names',
  'instances/create/backup-successful-only',
  'instances/delete/busy-refused',
  'instances/shutdown/busy-refused',
  'instances/reboot/busy-refused',
  'instances/rebuild/pending-migration-refused',
  'instances/resize/pending-migration-refused',
  'instances/mutate/busy-refused',
  'instances/migrate/one-at-a-time',
  'instances/clone/target-idle',
  'instances/clone/concurrent-clones',
  'backups/restore/requires-successful-backup',
  'backups/restore/target-not-backing-up',
];

/** How long every asynchronous action lasts under `slow-actions`: longer than the 1 s the suite holds its own accounts' actions for. */
export const SLOW_ACTION_MS = 1200;

/** The first id under `ids-high`, and the step between ids: far above 2^31, sparse, still exact as a JSON number. */
export const HIGH_ID_BASE = 2 ** 40;
export const HIGH_ID_STEP = 13;

/** The most items a page of a list whose page bounds the documents do not show holds under `short-pages`. */
export const SHORT_PAGE_CAP = 40;

const define = <const Name extends string>(v: Variant<Name>): Variant<Name> => v;

const catalogue = [
  define({
    name: 'events-oldest-first',
    does: 'lists events oldest first, across every page',
    allowedBy:
      'Part 2, Endpoints > Events: Events List states no order (DECISIONS 9 and 20: newest first is a convention of ours)',
    departsFrom: ['conventions/events/newest-first'],
    scope: together,
    stillKills: ['event'],
  }),
  define({
    name: 'ids-high',
    does: `hands out every id from ${HIGH_ID_BASE} up, ${HIGH_ID_STEP} apart (far above 2^31, below 2^53)`,
    allowedBy:
      'Part 1, Resources > VPC: id is an integer "assigned by the service"; no range is shown (DECISIONS 20); JSON numbers are exact up to 2^53',
    departsFrom: [],
    scope: together,
  }),
  define({
    name: 'extra-members',
    does: 'adds members the documents do not show to every record, envelope, error body and error item',
    allowedBy:
      'Part 1, Shared shapes and every record table: the documents list the fields a record has, never that it has no others',
    departsFrom: [],
    scope: together,
  }),
  define({
    name: 'reasons-reworded',
    does: 'words every error reason otherwise (except the texts the documents quote) and adds an error item about no field',
    allowedBy:
      'Part 1, Errors: "HTTP status codes and reason texts for these conditions: not shown"; the error body is an array of items (DECISIONS 4: an item not about a field may omit field)',
    departsFrom: [],
    scope: together,
  }),
  define({
    name: 'timestamps-microseconds',
    does: 'writes timestamps with six fraction digits and the +00:00 offset (2018-01-02T03:04:05.000000+00:00)',
    allowedBy: 'Part 1, Shared shapes: "Timestamps are strings of format date-time" (DECISIONS 5 and 20)',
    departsFrom: [],
    scope: together,
  }),
  define({
    name: 'short-pages',
    does: `serves at most ${SHORT_PAGE_CAP} items a page on the lists whose page bounds the documents do not show (VPCs, StackScripts)`,
    allowedBy:
      'Part 1, Limits: "the VPC and StackScript lists show the parameters without bounds: not shown" (DECISIONS 8)',
    departsFrom: [],
    scope: together,
  }),
  define({
    name: 'slow-actions',
    does: `keeps every asynchronous action (provisioning, boot, migration, a backup) in progress for ${SLOW_ACTION_MS} ms`,
    allowedBy:
      'Part 3, States and transitions: no duration is shown ("completion takes up to three hours" for transfers; DECISIONS 10 and 20)',
    departsFrom: [],
    // Part 3, whose operations start the actions, and the transfers of instances.
    scope: {
      kind: 'own',
      areas: ['instances', 'configs', 'interfaces', 'disks', 'kernels', 'backups', 'ips', 'stats', 'transfers'],
    },
  }),
  define({
    name: 'held-actions-end-early',
    does: 'ends every action of an account in progress as soon as a read of that account has shown it in progress',
    allowedBy:
      'Part 3, States and transitions: no duration is shown (DECISIONS 20); a busy state the suite holds may end before its probe',
    departsFrom: [],
    scope: { kind: 'own', ids: BUSY_STATE_REQUIREMENTS },
  }),
];

export const variants: readonly Variant[] = catalogue;

/** Every name `world.variant` accepts; a typo fails the typecheck. */
export type VariantName = (typeof catalogue)[number]['name'];

export const isKnownVariant = (name: string): name is VariantName => variants.some((v) => v.name === name);

/** Whether a variant's server judges a requirement. */
export function variantJudges(v: Variant, r: Requirement): boolean {
  if (v.scope.kind === 'together') return true;
  return (v.scope.areas ?? []).includes(r.area ?? '') || (v.scope.ids ?? []).includes(r.id);
}
