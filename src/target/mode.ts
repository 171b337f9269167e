// What a run's mode lets it send (DESIGN section 5), decided from each operation's effects in spec/ and from which entities the run created.

import type { Effect, Operation } from '../../spec/types.js';
import type { Mode, RunConfig } from './config.js';

/** Effects `safe` never sends; `billing` goes out with --allow-billing when nothing else forbids it. */
const SAFE_FORBIDS: readonly Effect[] = ['billing', 'irreversible', 'account-wide'];

const refused = (mode: Mode, what: string, why: string) => `mode ${mode} does not send ${what} (${why})`;

/** Why the mode forbids an operation whatever its parameters; undefined when it may be sent. */
export function modeRefusal(config: Pick<RunConfig, 'mode' | 'allowBilling'>, op: Operation): string | undefined {
  const what = `${op.method} ${op.path}`;
  if (config.mode === 'read-only' && op.method !== 'GET') {
    return refused('read-only', what, op.effects.length ? op.effects.join(', ') : 'not a read');
  }
  if (config.mode !== 'safe') return undefined;
  const forbidden = op.effects.filter((e) => SAFE_FORBIDS.includes(e) && !(e === 'billing' && config.allowBilling));
  return forbidden.length ? refused('safe', what, forbidden.join(', ')) : undefined;
}

/**
 * Safe mode changes and deletes only what the run created: the entity at the root of the path
 * (a VPC for its subnets, an instance for its disks) must be one of the run's.
 */
export function ownershipRefusal(
  config: Pick<RunConfig, 'mode'>,
  op: Operation,
  params: Record<string, string | number> | undefined,
  owns: (id: string) => boolean,
): string | undefined {
  if (config.mode !== 'safe' || op.method === 'GET') return undefined;
  const root = op.pathParams[0];
  if (!root) return undefined;
  const id = params?.[root.name];
  if (id !== undefined && owns(String(id))) return undefined;
  return refused('safe', `${op.method} ${op.path}`, `{${root.name}} names an entity this run did not create`);
}

/** Read-only also holds for requests outside the API (the control interface): only reads go out. */
export function methodRefusal(mode: Mode, method: string, url: URL): string | undefined {
  if (mode !== 'read-only' || method === 'GET' || method === 'HEAD') return undefined;
  return refused('read-only', `${method} ${url.pathname}`, 'not a read');
}

/** The mode when none is asked for: full on loopback and the embedded reference server, safe anywhere else. */
export function defaultMode(baseUrl: string, reference: boolean): Mode {
  if (reference) return 'full';
  const host = new URL(baseUrl).hostname;
  const loopback = host === 'localhost' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
  return loopback ? 'full' : 'safe';
}
