// `cloudconf mutation`: one run of the suite against a clean reference server and one server per catalogued fault, side by side, and the kill matrix.

import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { exclusions } from '../../spec/index.js';
import { type Fault, faults } from '../reference/faults.js';
import type { Outcome } from '../vocabulary/outcome.js';
import { runSuite } from './run.js';
import { faultsUnderVariants, variantLines, variantServers, variantVerdict } from './variant-matrix.js';

export interface MutationOptions {
  /** Only faults of these areas (all when empty); the variants judge only requirements of these areas. */
  area: string[];
  reportDir: string;
  seed: string;
  /** Also judge the conformant variants (`--variants`): every failure there is a false alarm. */
  variants?: boolean;
  /** Only these variants, each on a server of its own, and no fault (`--variant`, repeatable). */
  variant?: string[];
}

export interface FaultVerdict {
  fault: string;
  area: string;
  killed: boolean;
  /** Expected requirements that failed, and other requirements that failed too. */
  caught: string[];
  missed: string[];
  /** How each missed requirement ended on the faulty server: a pass is a gap of the suite, anything else a run that could not judge. */
  missedAs: { id: string; verdict: string; reason?: string }[];
}

const excluded = new Set(exclusions.map((x) => x.requirement));

/** A fault that only excluded requirements could see: no run judges them, so none can kill it. */
const unjudgeable = (f: Fault) => f.catches.every((id) => excluded.has(id));

const failed = (o: Outcome | undefined) => o?.verdict === 'fail' || o?.verdict === 'non-strict';

function verdictOf(fault: Fault, outcomes: Map<string, Outcome>): FaultVerdict {
  const caught = fault.catches.filter((id) => failed(outcomes.get(`${fault.name}|${id}`)));
  return {
    fault: fault.name,
    area: fault.area,
    killed: caught.length > 0,
    caught,
    missed: fault.catches.filter((id) => !caught.includes(id)),
    missedAs: fault.catches
      .filter((id) => !caught.includes(id))
      .map((id) => {
        const o = outcomes.get(`${fault.name}|${id}`);
        return { id, verdict: o?.verdict ?? 'not run', ...(o?.reason ? { reason: o.reason } : {}) };
      }),
  };
}

/** How the missed requirements of a survivor ended, for its line: `id (pass)`, `id (error: why)`. */
const missedLine = (v: FaultVerdict) =>
  v.missedAs
    .map((m) => `${m.id} (${m.verdict}${m.reason ? `: ${m.reason.split('\n')[0]?.slice(0, 200)}` : ''})`)
    .join(', ');

export async function mutation(options: MutationOptions, log: (line: string) => void): Promise<number> {
  const only = options.variant ?? [];
  const servers = options.variants || only.length ? variantServers(options.area, only) : [];
  const inAreas = only.length ? [] : faults.filter((f) => options.area.length === 0 || options.area.includes(f.area));
  const blind = inAreas.filter(unjudgeable);
  const plain = inAreas.filter((f) => !unjudgeable(f));
  // With the variants, the faults they could blind the checks to run again with them on.
  const again = options.variants ? faultsUnderVariants(plain) : [];
  const chosen: Fault[] = [...plain, ...again];
  if (blind.length) {
    log(`${blind.length} fault(s) left out: every requirement that could see them is excluded`);
    for (const f of blind) log(`  unjudgeable ${f.name} (${f.catches.join(', ') || 'no requirement named'})`);
  }
  const ids = [...new Set(chosen.flatMap((f) => f.catches))].filter((id) => !excluded.has(id));
  log(
    `one run: a clean server and ${chosen.length} faulty ones, over the ${ids.length} requirements the faults should fail`,
  );
  for (const v of servers)
    log(`  and ${v.label} (${v.variants.join(', ')}), over ${v.requirements.length} requirements`);
  const outcomes = new Map<string, Outcome>();
  const started = await runSuite(
    {
      mutants: [
        // Busy states need no server delay: busy-state tests hold their own account's actions.
        { fault: '', requirements: ids },
        ...plain.map((f) => ({ fault: f.name, requirements: f.catches.filter((id) => !excluded.has(id)) })),
        ...again.map((f) => ({
          fault: f.name,
          faults: [f.original],
          variants: f.variants,
          noise: f.noise,
          requirements: f.catches.filter((id) => !excluded.has(id)),
        })),
        ...servers.map((v) => ({
          fault: v.label,
          faults: [],
          variants: v.variants,
          noise: v.noise,
          requirements: v.requirements,
        })),
      ],
      outcomes,
      allure: false,
      runs: '1',
      seed: options.seed,
      quiet: true,
      reportDir: options.reportDir,
    },
    log,
  );
  const falseAlarms = started ? ids.filter((id) => failed(outcomes.get(`|${id}`))) : ['the run could not start'];
  const verdicts = chosen.map((f) => verdictOf(f, outcomes));
  const awaiting = new Map(chosen.filter((f) => f.awaiting).map((f) => [f.name, f.awaiting as string]));
  for (const [i, v] of verdicts.entries()) {
    const mark = v.killed ? 'killed  ' : awaiting.has(v.fault) ? 'gap     ' : 'SURVIVED';
    log(
      `${String(i + 1).padStart(3)}/${verdicts.length} ${mark} ${v.fault}${v.killed ? ` by ${v.caught.join(', ')}` : ''}`,
    );
  }
  const survivors = verdicts.filter((v) => !v.killed && !awaiting.has(v.fault));
  const known = verdicts.filter((v) => !v.killed && awaiting.has(v.fault));
  const unexpectedKills = verdicts.filter((v) => v.killed && awaiting.has(v.fault));
  const onVariants = started ? servers.map((v) => variantVerdict(v, outcomes)) : [];
  mkdirSync(resolve(options.reportDir), { recursive: true });
  writeFileSync(
    join(resolve(options.reportDir), 'mutation.json'),
    `${JSON.stringify({ falseAlarms, verdicts, awaiting: Object.fromEntries(awaiting), variants: onVariants }, null, 2)}\n`,
  );
  const killed = verdicts.filter((v) => v.killed).length;
  log(
    `${killed}/${verdicts.length} faults killed, ${known.length} known gap(s); ${falseAlarms.length} failure(s) on the clean server`,
  );
  for (const id of falseAlarms) log(`  FALSE ALARM ${id}`);
  for (const v of survivors) log(`  SURVIVED ${v.fault}: none of ${missedLine(v)} failed`);
  for (const v of known) log(`  known gap ${v.fault}: needs ${awaiting.get(v.fault)}`);
  // A gap that closed should leave the list, so the list stays true.
  for (const v of unexpectedKills) log(`  CLOSED GAP ${v.fault}: now killed; remove it from the awaiting list`);
  for (const line of onVariants.flatMap(variantLines)) log(line);
  const variantAlarms = onVariants.some((v) => v.falseAlarms.length + v.errors.length > 0);
  return survivors.length > 0 || falseAlarms.length > 0 || unexpectedKills.length > 0 || variantAlarms ? 1 : 0;
}
