// How each requirement is tested, for the catalogue: the written procedure a suite file registers for it, else the procedure its derivation selects.

import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { operationOf, requirements } from '../../spec/index.js';
import { procedureName, registrationsOf } from '../harness/inventory.js';
import { derivedKind } from '../harness/procedures/derived.js';
import { MODULE_EXT, CODE_ROOT as root } from '../package-root.js';

function suiteFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'encoding' ? [] : suiteFiles(path);
    return e.name.endsWith(`.test${MODULE_EXT}`) ? [path] : [];
  });
}

/**
 * Each written procedure by requirement id, named with the suite file that registers it (its source
 * file, also when built). Read once: a suite file registers when it is first imported.
 */
let written: Promise<Map<string, string>> | undefined;
const writtenProcedures = () => {
  written ??= registeredProcedures();
  return written;
};

async function registeredProcedures(): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const file of suiteFiles(join(root, 'suites')).sort()) {
    const source = relative(root, file).replace(/\.js$/, '.ts');
    for (const { written } of await registrationsOf(() => import(pathToFileURL(file).href))) {
      for (const [id, procedure] of Object.entries(written)) {
        const name = procedureName(procedure);
        out.set(id, `written: ${name ? `${name} in ` : ''}${source}`);
      }
    }
  }
  return out;
}

export async function testedBy(): Promise<Map<string, string>> {
  const written = await writtenProcedures();
  const out = new Map<string, string>();
  for (const r of requirements) {
    const kind = operationOf(r) ? derivedKind(r) : undefined;
    const how = written.get(r.id) ?? (kind ? `derived: ${kind}` : undefined);
    if (how) out.set(r.id, how);
  }
  return out;
}
