// The names the reference server's code passes literally to its switches (a fault or a variant by name), read from its sources: what the catalogue self-tests compare their catalogues with.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const REFERENCE_DIR = new URL('..', import.meta.url).pathname;

/** The text of every source file under `dir`, less the self-tests and the catalogue file itself. */
function sources(dir: string, catalogueFile: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sources(join(dir, e.name), catalogueFile)
      : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && e.name !== catalogueFile
        ? [readFileSync(join(dir, e.name), 'utf8')]
        : [],
  );
}

/** Every name written literally as the first argument of a call of `call` in src/reference, outside `catalogueFile`. */
export function namesInCode(call: 'fault' | 'variant', catalogueFile: string): Set<string> {
  const pattern = new RegExp(`${call}\\(\\s*'([^']+)'`, 'g');
  return new Set(
    sources(REFERENCE_DIR, catalogueFile).flatMap((text) => [...text.matchAll(pattern)].map((m) => m[1] as string)),
  );
}
