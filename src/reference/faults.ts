// The fault catalogue: named defects the reference server can switch on (--fault), each with the requirements that must fail when it is on. Each area's faults are in faults/<area>.ts; this module assembles them.

import { accountFaults } from './faults/account.js';
import { backupsFaults } from './faults/backups.js';
import { billingFaults } from './faults/billing.js';
import { configsFaults } from './faults/configs.js';
import { conventionsFaults } from './faults/conventions.js';
import type { EventMissingFault, Fault, SkipFault } from './faults/define.js';
import { disksFaults } from './faults/disks.js';
import { eventsFaults } from './faults/events.js';
import { instancesFaults } from './faults/instances.js';
import { interfacesFaults } from './faults/interfaces.js';
import { ipsFaults } from './faults/ips.js';
import { kernelsFaults } from './faults/kernels.js';
import { managedFaults } from './faults/managed.js';
import { oauthClientsFaults } from './faults/oauth-clients.js';
import { stackscriptsFaults } from './faults/stackscripts.js';
import { statsFaults } from './faults/stats.js';
import { tagsFaults } from './faults/tags.js';
import { transfersFaults } from './faults/transfers.js';
import { usersFaults } from './faults/users.js';
import { vpcsFaults } from './faults/vpcs.js';
import { type EchoFault, echoFaults } from './faults-echo.js';
import { httpFaults } from './faults-http.js';
import { type RepairFault, repairFaults } from './faults-repair.js';
import { type StrictFault, strictFaults } from './faults-strict.js';
import { stricterFaults } from './faults-stricter.js';
import { wholeFloatFaults } from './faults-whole-float.js';

export type { EventMissingFault, Fault, SkipFault };

const catalogue = [
  ...conventionsFaults,
  ...vpcsFaults,
  ...stackscriptsFaults,
  ...tagsFaults,
  ...managedFaults,
  ...accountFaults,
  ...billingFaults,
  ...usersFaults,
  ...eventsFaults,
  ...oauthClientsFaults,
  ...transfersFaults,
  ...instancesFaults,
  ...configsFaults,
  ...interfacesFaults,
  ...disksFaults,
  ...kernelsFaults,
  ...backupsFaults,
  ...ipsFaults,
  ...statsFaults,
  ...httpFaults,
  ...wholeFloatFaults,
  ...stricterFaults,
];

/**
 * Every name `world.fault` accepts: the catalogued names, and the generated families (`skip:` any
 * requirement, `repair:` a repairing fault, `strict:` a too-strict one, `event-missing:` any action,
 * which the event log checks, `echo:` a secret given back). A typo in a literal name fails the typecheck.
 */
export type FaultName = (typeof catalogue)[number]['name'] | RepairFault | StrictFault | EventMissingFault | EchoFault;

/** Known gaps: faults no test of the suite can kill yet, each with what it needs. */
const AWAITING: Record<string, string> = {
  // A card that expired earlier this year needs a month of this year that has passed: none has in January.
  ...(new Date().getUTCMonth() === 0
    ? { 'payment-expiry-month-ignored': 'in January no month of this year has passed, so no card can show it' }
    : {}),
};

export const faults: readonly Fault[] = [...catalogue, ...repairFaults, ...strictFaults, ...echoFaults].map((x) => ({
  ...x,
  ...(AWAITING[x.name] ? { awaiting: AWAITING[x.name] } : {}),
}));

/** A fault name the server accepts: catalogued, or a body rule switched off by `skip:<requirement id>`. */
export function isKnownFault(name: string): boolean {
  return name.startsWith('skip:') || faults.some((x) => x.name === name);
}
