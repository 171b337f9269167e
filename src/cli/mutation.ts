// `cloudconf mutation`: runs the suite against the reference server once clean and once per catalogued fault, and prints the kill matrix.

import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { exclusions } from '../../spec/index.js';
import { type Fault, faults } from '../reference/faults.js';
import type { Results } from '../report/results.js';
import { runSuite } from './run.js';

export interface MutationOptions {
  /** Only faults of these areas (all when empty). */
  area: string[];
  reportDir: string;
  seed: string;
}

export interface FaultVerdict {
  fault: string;
  area: string;
  killed: boolean;
  /** Expected requirements that failed, and other requirements that failed too. */
  caught: string[];
  missed: string[];
}

const failing = (results: Results) =>
  results.requirements.filter((r) => r.verdict === 'fail' || r.verdict === 'non-strict').map((r) => r.id);

async function judge(fault: Fault, options: MutationOptions): Promise<FaultVerdict> {
  const results = await runSuite(
    {
      faults: [fault.name],
      ids: fault.catches,
      runs: '1',
      seed: options.seed,
      quiet: true,
      reportDir: join(options.reportDir, 'faults', fault.name.replace(/[^a-z0-9._-]/gi, '_')),
    },
    () => undefined,
  );
  const failed = new Set(results ? failing(results) : []);
  const caught = fault.catches.filter((id) => failed.has(id));
  return {
    fault: fault.name,
    area: fault.area,
    killed: caught.length > 0,
    caught,
    missed: fault.catches.filter((id) => !failed.has(id)),
  };
}

const excluded = new Set(exclusions.map((x) => x.requirement));

/** A fault that only excluded requirements could see: no run judges them, so none can kill it. */
const unjudgeable = (f: Fault) => f.catches.every((id) => excluded.has(id));

export async function mutation(options: MutationOptions, log: (line: string) => void): Promise<number> {
  const inAreas = faults.filter((f) => options.area.length === 0 || options.area.includes(f.area));
  const blind = inAreas.filter(unjudgeable);
  const chosen = inAreas.filter((f) => !unjudgeable(f));
  if (blind.length) {
    log(`${blind.length} fault(s) left out: every requirement that could see them is excluded`);
    for (const f of blind) log(`  unjudgeable ${f.name} (${f.catches.join(', ') || 'no requirement named'})`);
  }
  const ids = [...new Set(chosen.flatMap((f) => f.catches))];
  log(`clean run over the ${ids.length} requirements the ${chosen.length} faults should fail`);
  const clean = await runSuite(
    { ids, runs: '1', seed: options.seed, quiet: true, reportDir: join(options.reportDir, 'clean') },
    log,
  );
  const falseAlarms = clean ? failing(clean) : ['the clean run could not start'];
  const verdicts: FaultVerdict[] = [];
  for (const [i, fault] of chosen.entries()) {
    const v = await judge(fault, options);
    verdicts.push(v);
    log(
      `${String(i + 1).padStart(3)}/${chosen.length} ${v.killed ? 'killed  ' : 'SURVIVED'} ${fault.name}${v.killed ? ` by ${v.caught.join(', ')}` : ''}`,
    );
  }
  const survivors = verdicts.filter((v) => !v.killed);
  mkdirSync(resolve(options.reportDir), { recursive: true });
  writeFileSync(
    join(resolve(options.reportDir), 'mutation.json'),
    `${JSON.stringify({ falseAlarms, verdicts }, null, 2)}\n`,
  );
  log(
    `${verdicts.length - survivors.length}/${verdicts.length} faults killed; ${falseAlarms.length} failure(s) on the clean server`,
  );
  for (const id of falseAlarms) log(`  FALSE ALARM ${id}`);
  for (const v of survivors) log(`  SURVIVED ${v.fault}: none of ${v.missed.join(', ')} failed`);
  return survivors.length > 0 || falseAlarms.length > 0 ? 1 : 0;
}
