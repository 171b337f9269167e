// The values generated bodies take from the run: what only the target decides (regions, images, types, a strong password), labels with the run's prefix, and options left out because they name other entities.

import { threadId } from 'node:worker_threads';
import fc from 'fast-check';
import { grantEntityKinds } from '../../spec/part2/users.js';
import { PRIVATE_IMAGE_PATTERN } from '../../spec/part3/common.js';
import { INTERFACE_LABEL, type Purpose } from '../../spec/part3/interfaces.js';
import type { Operation } from '../../spec/types.js';
import { itemHint } from '../generate/over-limit.js';
import { cached, type Hints } from '../generate/values.js';
import type { Session } from '../target/session.js';

/** Body fields that name other entities: random ids would name nothing, so tests send none. */
const REFERENCE_LISTS = ['domains', 'nodes', 'nodebalancers', 'volumes', 'credentials'];

/** Options that name other entities or need them (a StackScript, a backup, a VPC subnet): left out, by operation. */
const PLAIN: Record<string, string[]> = {
  'instances/create': [
    'backup_id',
    'image',
    'stackscript_id',
    'stackscript_data',
    'firewall_id',
    'authorized_users',
    'interfaces',
    'metadata',
    'swap_size',
    // Tags need an unrestricted user; grant tests create as restricted users.
    'tags',
  ],
  'instances/update': ['tags'],
  'instances/rebuild': ['stackscript_id', 'stackscript_data', 'authorized_users', 'metadata', 'type'],
  'instances/migrate': ['upgrade'],
  'instances/clone': ['node_id', 'configs', 'disks', 'metadata'],
  'disks/create': ['stackscript_id', 'stackscript_data', 'authorized_users'],
  'configs/create': ['interfaces', 'kernel'],
  'configs/update': ['interfaces', 'kernel'],
  // A public interface (what the suite adds first) changes only `primary`.
  'interfaces/update': ['ipv4', 'ip_ranges'],
  'interfaces/add': ['ipam_address', 'subnet_id', 'ipv4', 'ip_ranges', 'primary'],
};

/**
 * Values pinned for one operation: a region with every capability the suite relies on (VLANs),
 * and choices whose other values need a state the fixtures lack (a vpc subnet, a free upgrade).
 */
function pinnedFor(config: Session['config'], op: Operation): Hints {
  switch (op.id) {
    case 'instances/create':
      return { region: fc.constant(config.regions[0]) };
    case 'instances/migrate':
      // A warm migration cannot cross regions.
      return { type: fc.constant('cold') };
    case 'ips/allocate':
      // An extra public address needs a support request.
      return { public: fc.constant(false) };
    default:
      return {};
  }
}

const privateImage = new RegExp(PRIVATE_IMAGE_PATTERN, 'u');

/** Whether an image id names an account image (`private/...`): the documents have no operation that makes one. */
export const isPrivateImage = (id: unknown): id is string => typeof id === 'string' && privateImage.test(id);

const publicImages = (config: Session['config']) => {
  const found = config.images.filter((i) => !isPrivateImage(i));
  return found.length > 0 ? found : config.images;
};

/** A password any strength rule accepts: long, with every character class. */
const strongPassword = fc
  .string({
    unit: fc.constantFrom(...'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789'),
    minLength: 20,
    maxLength: 28,
  })
  .map((s) => `${s}#7Qz`);

const CARD_EXPIRY_YEARS = ['expiry_year', 'data.expiry_year'];

const thisYear = new Date().getUTCFullYear();

const LABEL_SEPARATOR = '-';

/** Labels (and usernames) that start with the run's prefix, so `cloudconf cleanup --prefix` finds what they name. */
function prefixed(config: Session['config'], op: Operation, field: string): fc.Arbitrary<string> {
  const max =
    op.body?.fields
      .find((f) => f.name === field)
      ?.rules?.flatMap((r) => (r.kind === 'length' && r.max !== undefined ? [r.max] : []))
      .at(0) ?? 64;
  return prefixedUpTo(config, max);
}

function prefixedUpTo(config: Session['config'], max: number): fc.Arbitrary<string> {
  const room = Math.max(1, Math.min(8, max - config.labelPrefix.length - LABEL_SEPARATOR.length));
  return fc
    .string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'), minLength: room, maxLength: room })
    .map((s) => {
      // Labels and usernames must not collide (two tests' seeds may draw the same string): the worker
      // and a counter make each one this process hands out distinct, the random part separates processes.
      const unique = `${threadId.toString(36)}${(labelsHandedOut++).toString(36)}`;
      return `${config.labelPrefix}${LABEL_SEPARATOR}${(s.slice(0, Math.max(0, room - unique.length)) + unique).slice(-room)}`;
    });
}

let labelsHandedOut = 0;

/**
 * Values the target decides, and labels that carry the run's prefix so cleanup can find them.
 * `plain: false` keeps the options that name other entities (an image, a StackScript), for bodies
 * that must hold them (a StackScript with a backup, to be refused).
 */
export function hintsFor(session: Session, op: Operation, { plain = true } = {}): Hints {
  const byKey = cached(hintsByConfig, session.config, () => new Map<string, Hints>());
  return cached(byKey, `${op.id}${plain ? '' : ':options'}`, () => buildHints(session.config, op, plain));
}

/** Hints depend on the run's configuration and the operation only: built once per worker for each. */
const hintsByConfig = new WeakMap<Session['config'], Map<string, Hints>>();

function buildHints(config: Session['config'], op: Operation, plain: boolean): Hints {
  const hints: Record<string, fc.Arbitrary<unknown>> = {
    region: fc.constantFrom(...config.regions),
    images: fc.constant(config.images.slice(0, 1)),
    // Public images: a private one forbids a StackScript, which only the cases of that rule want.
    image: fc.constantFrom(...publicImages(config)),
    // Room for any image: the size of a disk made from one.
    size: fc.integer({ min: 4096, max: 6144 }),
    type: fc.constantFrom(...config.types),
    root_pass: strongPassword,
    // Made plain: other entities and options are what the tests of those choose.
    ...(plain ? Object.fromEntries((PLAIN[op.id] ?? []).map((name) => [name, fc.constant(undefined)])) : {}),
    // A public StackScript cannot be deleted: tests never make one unless that is what they test.
    is_public: fc.constant(false),
    ...Object.fromEntries(
      [...REFERENCE_LISTS, ...grantEntityKinds]
        .filter((name) => op.body?.fields.find((f) => f.name === name)?.type === 'array')
        .map((name) => [name, fc.constant([])]),
    ),
    // A card must not have expired (a rule of state: the server's date, which some tests move months
    // ahead), so generated cards expire at least a year after this one.
    ...Object.fromEntries(
      CARD_EXPIRY_YEARS.map((path) => [path, fc.integer({ min: thisYear + 2, max: thisYear + 10 })]),
    ),
    // Instances named inside a transfer's entities: none, unless a test names its own.
    'entities.nodes': fc.constant([]),
    // A method the suite adds never becomes the default: the default cannot be deleted afterwards.
    is_default: fc.constant(false),
    // Charge the default method, the one that surely exists.
    payment_method_id: fc.constant(undefined),
    // The payment bounds move with the balance; 5.00 to 2000.00 is within them whatever the balance.
    usd: fc.integer({ min: 500, max: 200_000 }).map((cents) => (cents / 100).toFixed(2)),
    label: prefixed(config, op, 'label'),
    username: prefixed(config, op, 'username'),
  };
  return { ...hints, ...interfaceHints(config, op), ...conditionalValueHints(op), ...pinnedFor(config, op) };
}

const VLAN: Purpose = 'vlan';

/**
 * Whole interfaces the target accepts, as many as a list holds (the over-limit case of the
 * interfaces array): each a vlan interface on a VLAN of its own, named with the run's prefix. A
 * public one would clash with the instance's own, a vpc one needs a subnet the fixtures lack.
 */
function interfaceHints(config: Session['config'], op: Operation): Hints {
  if (op.body?.fields.find((f) => f.name === 'interfaces')?.items?.type !== 'object') return {};
  return {
    [itemHint('interfaces')]: prefixedUpTo(config, INTERFACE_LABEL.max).map((label) => ({ purpose: VLAN, label })),
  };
}

/**
 * A value that must come from a list chosen by another field (a US `state` from the US codes):
 * both fields are pinned to the first choice, since hints draw each field on its own.
 */
function conditionalValueHints(op: Operation): Hints {
  const hints: Record<string, fc.Arbitrary<unknown>> = {};
  for (const rule of op.body?.rules ?? []) {
    if (rule.kind !== 'conditional-values') continue;
    const keyField = String(rule.params.keyField);
    const [key, values] = Object.entries(rule.params.values ?? {})[0] ?? [];
    const valueField = rule.fields.find((f) => f !== keyField);
    if (!key || !values?.length || !valueField) continue;
    hints[keyField] = fc.constant(key);
    hints[valueField] = fc.constantFrom(...values);
  }
  return hints;
}
