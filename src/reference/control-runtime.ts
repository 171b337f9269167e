// Control endpoints for client developers: switch catalogue faults at run time, queue injected errors and delays, export and restore the whole state.

import { faults as catalogue, isKnownFault } from './faults.js';
import { addRule, INJECTABLE_STATUSES, rulesOf } from './injection.js';
import type { World } from './model/world.js';
import { exportState, restoreState } from './state.js';

interface ControlResponse {
  status: number;
  body: unknown;
}

const ok = (body: unknown): ControlResponse => ({ status: 200, body });
const bad = (reason: string): ControlResponse => ({ status: 400, body: { errors: [{ reason }] } });

/** The live fault set of each world the server made (World itself exposes it read-only). */
const faultSets = new WeakMap<World, Set<string>>();

export function registerFaultSet(world: World, faults: Set<string>): void {
  faultSets.set(world, faults);
}

/** `POST /faults {"name": "...", "on": true|false}`: switch one fault of the catalogue (or a `skip:` rule). */
function switchFault(world: World, body: Record<string, unknown>): ControlResponse {
  const set = faultSets.get(world);
  if (!set) return bad('this server was not started with switchable faults');
  if (typeof body.name !== 'string' || !isKnownFault(body.name))
    return bad('name must be a fault of `cloudconf faults` (or skip:<requirement id>)');
  if (typeof body.on !== 'boolean') return bad('on must be a boolean');
  if (body.on) set.add(body.name);
  else set.delete(body.name);
  return ok({ faults: [...set] });
}

/** Routes of this module, or undefined for a path it does not serve. */
export function runtimeControl(
  world: World,
  method: string,
  path: string,
  body: Record<string, unknown>,
): ControlResponse | undefined {
  switch (`${method} ${path}`) {
    case 'GET /faults':
      return ok({ on: [...world.faults], known: catalogue.map((f) => f.name) });
    case 'POST /faults':
      return switchFault(world, body);
    case 'GET /inject':
      return ok({ pending: rulesOf(world), statuses: INJECTABLE_STATUSES });
    case 'POST /inject': {
      const rule = addRule(world, body);
      return typeof rule === 'string' ? bad(rule) : ok(rule);
    }
    case 'DELETE /inject':
      rulesOf(world).length = 0;
      return ok({ pending: [] });
    case 'GET /state':
      return ok(exportState(world));
    case 'PUT /state':
      try {
        restoreState(world, body);
        return ok({ restored: true, accounts: world.accounts.size });
      } catch (error) {
        return bad((error as Error).message);
      }
    default:
      return undefined;
  }
}
