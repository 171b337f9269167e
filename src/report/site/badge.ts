// An implementation's badge, from its latest verified run: the score it shows, its colour, the SVG and the shields.io endpoint JSON.

import type { SiteRun } from './facts.js';
import { scored } from './facts.js';
import { type BadgeState, badgeSvg } from './svg.js';

/** shields.io's named colours for the three states. */
const SHIELDS_COLOUR: Record<BadgeState, string> = { complete: 'brightgreen', partial: 'yellow', failing: 'red' };

/** `1754/1754 complete`: passes over the requirements that count, and whether the run was complete. */
export function badgeOf(run: SiteRun): { value: string; state: BadgeState } {
  const counted = run.results.requirements.filter(scored);
  const pass = counted.filter((r) => r.verdict === 'pass').length;
  const failing = counted.some((r) => r.verdict === 'fail');
  const value = `${pass}/${counted.length} ${run.complete ? 'complete' : 'partial'}`;
  return { value, state: failing ? 'failing' : run.complete ? 'complete' : 'partial' };
}

export function runBadge(run: SiteRun): string {
  const b = badgeOf(run);
  return badgeSvg(b.value, b.state);
}

/** The shields.io endpoint JSON (https://shields.io/badges/endpoint-badge) of the badge. */
export function shieldsEndpoint(run: SiteRun) {
  const b = badgeOf(run);
  return { schemaVersion: 1, label: 'cloudconf', message: b.value, color: SHIELDS_COLOUR[b.state], cacheSeconds: 3600 };
}
