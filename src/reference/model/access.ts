// Whether a principal may act on an entity: the grants check every model applies, kept below the world so the event log can use it too.

import type { EntityKind } from '../../../spec/types.js';
import type { Permission, Principal } from './world.js';

/** Whether a principal may act on one entity with a permission; unrestricted users may act on everything. */
export function can(principal: Principal, kind: EntityKind, id: number, needed: Permission): boolean {
  if (!principal.user.restricted) return true;
  const held = principal.user.grants.entities[kind].get(id);
  return held === 'read_write' || (held === 'read_only' && needed === 'read_only');
}
