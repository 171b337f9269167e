// Reads the tables of the three API documents (beside the repo in ../shared/api-spec) so self-tests can compare the encoding with them.

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { HttpMethod, Part, Root } from '../../../spec/types.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** Where the documents are: `CLOUDCONF_API_SPEC_DIR`, else `../shared/api-spec` beside the repo. */
export const apiSpecDir = process.env.CLOUDCONF_API_SPEC_DIR ?? resolve(repoRoot, '../shared/api-spec');

/**
 * Whether the documents are at hand: the comparisons with them run where they are (this machine,
 * CI beside the shared folder) and are skipped, with a warning, in a clone without them.
 */
export const documentsAvailable = existsSync(apiSpecDir);

if (!documentsAvailable) {
  process.stderr.write(
    `cloudconf: API documents not found at ${apiSpecDir}: the comparisons of the encoding with them are skipped (set CLOUDCONF_API_SPEC_DIR)\n`,
  );
}

const files: Record<Part, string> = {
  1: 'part-1-conventions-vpcs-stackscripts-tags-managed.md',
  2: 'part-2-account-billing-users-events-oauth-transfers.md',
  3: 'part-3-compute-instances.md',
};

export interface Table {
  /** Heading path, e.g. `Endpoints > VPCs`. */
  section: string;
  header: string[];
  rows: string[][];
}

const cells = (line: string) =>
  line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((c) => c.trim());

export function readDocument(part: Part): string {
  const path = join(apiSpecDir, files[part]);
  if (!existsSync(path)) {
    throw new Error(
      `API document not found: ${path} (set CLOUDCONF_API_SPEC_DIR to the folder holding the three parts)`,
    );
  }
  return readFileSync(path, 'utf8');
}

export function tables(part: Part): Table[] {
  const out: Table[] = [];
  const headings: string[] = [];
  let current: Table | undefined;
  for (const line of readDocument(part).split('\n')) {
    const h = /^(#{2,4}) (.*)$/.exec(line);
    if (h) {
      const depth = (h[1] as string).length - 2;
      headings.length = depth;
      headings[depth] = h[2] as string;
      current = undefined;
      continue;
    }
    if (!line.startsWith('|')) {
      current = undefined;
      continue;
    }
    if (!current) {
      current = { section: headings.filter(Boolean).join(' > '), header: cells(line), rows: [] };
      out.push(current);
    } else if (!/^\|[\s|:-]+\|$/.test(line.trim())) {
      current.rows.push(cells(line));
    }
  }
  return out;
}

export interface DocOperation {
  method: HttpMethod;
  root: Root;
  path: string;
  section: string;
}

/** Every (method, path) row of the endpoint tables; `GET, POST` rows are two operations. */
export function documentedOperations(part: Part): DocOperation[] {
  return tables(part)
    .filter((t) => t.header[0] === 'Method' && t.header[1] === 'Path')
    .flatMap((t) =>
      t.rows.flatMap((row) => {
        const methods = (row[0] as string).split(/,\s*/) as HttpMethod[];
        let path = (row[1] as string).replace(/\s*\(.*$/, '');
        let root: Root = 'base';
        if (path.startsWith('{base_url_beta}')) {
          root = 'beta';
          path = path.slice('{base_url_beta}'.length);
        }
        return methods.map((method) => ({ method, root, path, section: t.section }));
      }),
    );
}

const inSection = (part: Part, name: string) => tables(part).filter((t) => t.section.split(' > ')[0] === name);

export const limitRows = (part: Part) =>
  inSection(part, 'Limits').flatMap((t) => t.rows.map((r) => ({ item: r[0] as string, limit: r[1] as string })));

export const stateRows = (part: Part) =>
  inSection(part, 'States and transitions').flatMap((t) =>
    t.rows.map((r) => ({ state: r[0] as string, trigger: r[1] as string, condition: r[2] as string })),
  );

export const errorRows = (part: Part) =>
  inSection(part, 'Errors').flatMap((t) =>
    t.rows.map((r) => ({ condition: r[0] as string, behaviour: r[1] as string })),
  );

/** Event kinds named in the Events tables: every backticked snake_case name. */
export const eventActions = (part: Part) =>
  inSection(part, 'Events').flatMap((t) =>
    t.rows.flatMap((r) => r.flatMap((c) => [...c.matchAll(/`([a-z][a-z0-9_]*)`/g)].map((m) => m[1] as string))),
  );

/** The numbers a Limits cell states, in order. */
export const numbersIn = (text: string) => [...text.matchAll(/\d+(?:\.\d+)?/g)].map((m) => Number(m[0]));
