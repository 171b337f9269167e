// The conformant variants in `cloudconf mutation`: which reference servers the variants run on and what each judges, and the false alarms a run found there.

import { exclusions, requirements } from '../../spec/index.js';
import type { Requirement } from '../../spec/types.js';
import type { Fault } from '../reference/faults.js';
import { type Variant, variantJudges, variants } from '../reference/variants.js';
import type { Outcome, Verdict } from '../vocabulary/outcome.js';

/** A reference server of the matrix with the variants switched on, and the requirements judged against it. */
export interface VariantServer {
  /** Its label in the matrix, test titles and outcome keys: `variant:<name>`, or `variants:together`. */
  label: string;
  variants: string[];
  requirements: string[];
  /** Unrelated data seeded first, so that lists (the events list above all) hold more than one page. */
  noise: number;
}

/**
 * VPCs seeded into the server of the variants that share one, each with a subnet: two events each,
 * so the events list holds several pages of the documented default size before any test starts.
 */
export const TOGETHER_NOISE = 150;

const excluded = new Set(exclusions.map((x) => x.requirement));

const judgedIn = (areas: string[]) => (r: Requirement) =>
  !excluded.has(r.id) && (areas.length === 0 || areas.includes(r.area ?? ''));

/**
 * The servers of the matrix. Variants that only reshape answers do not interact and share one server
 * judged on the whole API (within `areas`): a conjunction of allowed behaviours is itself allowed, and
 * one run costs far less than one per variant. A variant that changes timing runs alone over the
 * requirements it can affect; `only` runs the named variants each alone over what it can affect.
 */
export function variantServers(areas: string[], only: string[] = []): VariantServer[] {
  const inAreas = requirements.filter(judgedIn(areas));
  const alone = (v: Variant): VariantServer => ({
    label: `variant:${v.name}`,
    variants: [v.name],
    requirements: inAreas.filter((r) => variantJudges(v, r)).map((r) => r.id),
    noise: v.scope.kind === 'together' ? TOGETHER_NOISE : 0,
  });
  if (only.length) return variants.filter((v) => only.includes(v.name)).map(alone);
  const shared = variants.filter((v) => v.scope.kind === 'together');
  return [
    {
      label: 'variants:together',
      variants: shared.map((v) => v.name),
      requirements: inAreas.map((r) => r.id),
      noise: TOGETHER_NOISE,
    },
    ...variants.filter((v) => v.scope.kind !== 'together').map(alone),
  ].filter((s) => s.requirements.length > 0);
}

/** A fault of the catalogue on a server with a variant on as well, as `mutation` runs a fault: it must still be killed. */
export interface FaultUnderVariant extends Fault {
  /** The fault switched on (its own name is `<fault>@<variant>`). */
  original: string;
  variants: string[];
  noise: number;
}

/**
 * The faults each variant must not blind the checks to (`stillKills`), each again on a server with
 * the variant on, among the faults chosen; a fault that only a convention the variant departs from
 * could see is left out (the variant is that fault).
 */
export function faultsUnderVariants(chosen: readonly Fault[], only: string[] = []): FaultUnderVariant[] {
  return variants
    .filter((v) => only.length === 0 || only.includes(v.name))
    .flatMap((v) =>
      chosen
        .filter((f) => v.stillKills?.includes(f.family) && f.catches.some((id) => !v.departsFrom.includes(id)))
        .map((f) => ({
          ...f,
          name: `${f.name}@${v.name}`,
          original: f.name,
          catches: f.catches.filter((id) => !v.departsFrom.includes(id)),
          variants: [v.name],
          noise: v.scope.kind === 'together' ? TOGETHER_NOISE : 0,
        })),
    );
}

export interface VariantVerdict {
  server: string;
  variants: string[];
  judged: number;
  /** Requirements that failed against a server the documents allow (a departure from a SHOULD of ours aside). */
  falseAlarms: string[];
  /** Requirements the suite could not judge there. */
  errors: string[];
  /** Requirements broken as the variants' own departures from our conventions say (expected). */
  departures: string[];
  /** Requirements the clean server judged and this one skipped: what the variants hide from the suite. */
  notJudged: string[];
  /** For each false alarm and error: the first failure (check, expected, actual) or the reason. */
  why: Record<string, string>;
  /** Requirements skipped there, with the reason: what the variants keep the suite from judging. */
  skipped: Record<string, string>;
  /** What judging it cost: requests sent, and the tests' time added up (they overlap: more than the wall time). */
  requests: number;
  testMs: number;
}

const WHY_CHARS = 400;

/** One line on why a requirement failed or could not be judged. */
function whyOf(o: Outcome | undefined): string {
  const f = o?.failures[0];
  const said = f
    ? `${f.check}${f.case ? ` (${f.case})` : ''}: expected ${f.expected}; got ${f.actual}`
    : (o?.reason ?? '');
  return said.length > WHY_CHARS ? `${said.slice(0, WHY_CHARS)}...` : said;
}

/**
 * What a conforming server may get: a pass, or no verdict on it (skipped, excluded). Any other verdict
 * (failing, non-strict, or one saying the server lacks what it offers) is an alarm; an error is
 * counted apart.
 */
const QUIET: ReadonlySet<Verdict> = new Set(['pass', 'skipped', 'excluded']);
const broken = (o: Outcome | undefined) => o !== undefined && !QUIET.has(o.verdict) && o.verdict !== 'error';
const judged = (o: Outcome | undefined) => o !== undefined && o.verdict !== 'skipped' && o.verdict !== 'excluded';

/** What a run found on one variant server, read from the outcomes keyed `<label>|<id>` (the clean server's `|<id>`). */
export function variantVerdict(server: VariantServer, outcomes: Map<string, Outcome>): VariantVerdict {
  const departs = new Set(variants.filter((v) => server.variants.includes(v.name)).flatMap((v) => v.departsFrom));
  const of = (id: string) => outcomes.get(`${server.label}|${id}`);
  const brokenHere = server.requirements.filter((id) => broken(of(id)));
  const falseAlarms = brokenHere.filter((id) => !(departs.has(id) && of(id)?.verdict === 'non-strict'));
  const errors = server.requirements.filter((id) => of(id)?.verdict === 'error');
  return {
    server: server.label,
    variants: server.variants,
    judged: server.requirements.filter((id) => judged(of(id))).length,
    falseAlarms,
    errors,
    departures: brokenHere.filter((id) => departs.has(id) && of(id)?.verdict === 'non-strict'),
    notJudged: server.requirements.filter((id) => of(id)?.verdict === 'skipped' && judged(outcomes.get(`|${id}`))),
    why: Object.fromEntries([...falseAlarms, ...errors].map((id) => [id, whyOf(of(id))])),
    skipped: Object.fromEntries(
      server.requirements.filter((id) => of(id)?.verdict === 'skipped').map((id) => [id, of(id)?.reason ?? '']),
    ),
    requests: server.requirements.reduce((n, id) => n + (of(id)?.requests ?? 0), 0),
    testMs: server.requirements.reduce((n, id) => n + (of(id)?.durationMs ?? 0), 0),
  };
}

/** The lines `cloudconf mutation` prints for one variant server. */
export function variantLines(v: VariantVerdict): string[] {
  const problems = v.falseAlarms.length + v.errors.length;
  return [
    `${problems ? 'FALSE ALARM' : 'clean      '} ${v.server} (${v.variants.join(', ')}): ${v.judged} judged, ${v.falseAlarms.length} failed, ${v.errors.length} error(s), ${v.departures.length} expected departure(s), ${v.notJudged.length} judged on the clean server only; ${v.requests} requests`,
    ...v.falseAlarms.map((id) => `  FALSE ALARM ${id}: ${v.why[id]}`),
    ...v.errors.map((id) => `  COULD NOT JUDGE ${id}: ${v.why[id]}`),
  ];
}
