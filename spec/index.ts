// The whole API as one value: every area of the three parts, the derived and written requirements, and lookups over them.

import {
  conventionLimits,
  conventionNotShown,
  conventionRequirements,
  errorBody,
  httpConventionRequirements,
} from './conventions.js';
import { deriveRequirements } from './derive.js';
import { exclusions } from './exclusions.js';
import { area as managed } from './part1/managed.js';
import { area as stackscripts } from './part1/stackscripts.js';
import { area as tags } from './part1/tags.js';
import { area as vpcs } from './part1/vpcs.js';
import { area as account } from './part2/account.js';
import { area as billing } from './part2/billing.js';
import { area as events } from './part2/events.js';
import { area as oauthClients } from './part2/oauth-clients.js';
import { area as transfers } from './part2/transfers.js';
import { area as users } from './part2/users.js';
import { area as backups } from './part3/backups.js';
import { area as configs } from './part3/configs.js';
import { area as disks } from './part3/disks.js';
import { area as instances } from './part3/instances.js';
import { area as interfaces } from './part3/interfaces.js';
import { area as ips } from './part3/ips.js';
import { area as kernels } from './part3/kernels.js';
import { area as stats } from './part3/stats.js';
import { literalResources } from './paths.js';
import type { AreaSpec, CrossRule, Operation, Requirement, Resource } from './types.js';

export * from './types.js';

/** The reference revision of the API the documents describe. */
export const API_REVISION = '4.174.0';

export const areas: readonly AreaSpec[] = [
  vpcs,
  stackscripts,
  tags,
  managed,
  account,
  billing,
  users,
  events,
  oauthClients,
  transfers,
  instances,
  configs,
  interfaces,
  disks,
  backups,
  ips,
  stats,
  kernels,
];

export const operations: readonly Operation[] = areas.flatMap((a) => a.operations);
export const resources: readonly Resource[] = [errorBody, ...areas.flatMap((a) => a.resources)];
/** Paths whose literal segment stands beside a sibling's parameter: resources of their own (`conventions/http/literal-resources`). */
export const literalPaths = literalResources(operations);

export const requirements: readonly Requirement[] = [
  ...[...conventionRequirements, ...httpConventionRequirements].map((r) => ({ ...r, area: 'conventions' })),
  ...areas.flatMap((a) =>
    [...a.operations.flatMap(deriveRequirements), ...a.requirements].map((r) => ({ ...r, area: a.name })),
  ),
];

export const stateTables = areas.flatMap((a) => a.stateTables);
export const eventKinds = areas.flatMap((a) => a.events);
export const errorCases = areas.flatMap((a) => a.errors);
export const limits = [...conventionLimits, ...areas.flatMap((a) => a.limits)];
export const notShown = [...conventionNotShown, ...areas.flatMap((a) => a.notShown)];
export const ambiguities = areas.flatMap((a) => a.ambiguities);
export { exclusions };

const byId = <T extends { id: string }>(items: readonly T[]) => new Map(items.map((i) => [i.id, i]));
export const operationById: ReadonlyMap<string, Operation> = byId(operations);
export const resourceById: ReadonlyMap<string, Resource> = byId(resources);
export const requirementById: ReadonlyMap<string, Requirement> = byId(requirements);

/** The operation with this id; throws for an id the encoding does not have (a typo fails when the suite loads). */
export function opOf(id: string): Operation {
  const op = operationById.get(id);
  if (!op) throw new Error(`no operation ${id} in the encoding`);
  return op;
}

/** The operation a requirement is about: its subject's, or the one a derived requirement follows from (an event it emits). */
export function operationOf(r: Requirement): Operation | undefined {
  if (r.subject.kind === 'operation') return operationById.get(r.subject.operation);
  return r.derivation ? operationById.get(r.derivation.operation) : undefined;
}

/** The cross rule a derived requirement is about, read from its derivation. */
export function derivedCrossRule(r: Requirement | undefined): CrossRule | undefined {
  const d = r?.derivation;
  if (d?.kind !== 'cross-rule') return undefined;
  const body = operationById.get(d.operation)?.body;
  return body?.kind === 'json' ? body.rules?.find((rule) => rule.id === d.rule) : undefined;
}

/** The part a requirement belongs to (its source's part). */
export const partOf = (r: Requirement) => r.source.part;
