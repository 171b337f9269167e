// How each requirement is tested, for the catalogue: the written procedure a suite file maps its id to, else the derived procedure its operation data selects.

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { operationOf, requirements } from '../../spec/index.js';
import { MODULE_EXT, CODE_ROOT as root } from '../package-root.js';
import { derivedKind } from '../suite/procedures/derived.js';

function suiteFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'spec' ? [] : suiteFiles(path);
    return e.name.endsWith(`.test${MODULE_EXT}`) ? [path] : [];
  });
}

const WRAPPERS: Record<string, string> = {
  whileBusy: 'while busy',
  withLifecycleModel: 'after the lifecycle model run',
  changesAccountSettings: 'alone in its file',
};

/** `'<id>': procedure` entries of the written maps in the suite files. */
function writtenProcedures(): Map<string, string> {
  const out = new Map<string, string>();
  for (const file of suiteFiles(join(root, 'suites'))) {
    const text = readFileSync(file, 'utf8');
    // A wrapper (`whileBusy(p)`, `withLifecycleModel(p)`, `changesAccountSettings(p)`) is named with the procedure it wraps.
    for (const m of text.matchAll(
      /'([a-z0-9][\w./-]*)':\s*(?:async\s*)?(?:(whileBusy|withLifecycleModel|changesAccountSettings)\()?\(?([A-Za-z_$][\w$.]*)?/g,
    )) {
      const id = m[1] as string;
      const mark = m[2] ? ` (${WRAPPERS[m[2]]})` : '';
      const name = m[3] && m[3] !== 'ctx' && m[3] !== 'kit' ? `\`${m[3]}\`${mark} in ` : '';
      // Named by its source file, also when the built one was read.
      out.set(id, `written: ${name}${relative(root, file).replace(/\.js$/, '.ts')}`);
    }
  }
  return out;
}

export function testedBy(): Map<string, string> {
  const written = writtenProcedures();
  const out = new Map<string, string>();
  for (const r of requirements) {
    const kind = operationOf(r) ? derivedKind(r) : undefined;
    const how = written.get(r.id) ?? (kind ? `derived: ${kind}` : undefined);
    if (how) out.set(r.id, how);
  }
  return out;
}
