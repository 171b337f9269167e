// What a report covers and what made it: the tool's build, the encoding revision, the whole selection and settings of the run, and where and when it ran.

import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { specExport } from '../export/spec-json.js';
import { PACKAGE_ROOT } from '../package-root.js';

export interface Provenance {
  /** The revision of the encoding: a hash over `cloudconf spec --json` without the tool's version, so two reports with one revision judged the same requirements. */
  encoding: string;
  selection: Selection;
  mode: string;
  runs: number;
  concurrency: number;
  betaUrl?: string;
  endedAt: string;
  node: string;
  platform: string;
}

/** The options that narrow a run; empty when the run judged every requirement. */
export interface Selection {
  only?: string[];
  exclude?: string[];
  part?: string;
  level?: string;
  shard?: string;
  ids?: string[];
}

const root = PACKAGE_ROOT;
const short = (hash: string) => hash.slice(0, 12);

/** The tool's files under a directory: self-tests left out, and any `node_modules` (caches older versions wrote into `dist/`, nothing of the tool). */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && !/\.test\.[cm]?[jt]s$/.test(e.name))
    .map((e) => join(e.parentPath, e.name))
    .filter((file) => !relative(dir, file).split(sep).includes('node_modules'));
}

/** Every file the build hash covers (src, spec, suites, dist and package.json), sorted. */
export function toolFiles(): string[] {
  return ['src', 'spec', 'suites', 'dist', 'package.json']
    .flatMap((d) => (d.endsWith('.json') ? [join(root, d)] : filesUnder(join(root, d))))
    .sort();
}

let buildHash: string | undefined;

/** The build hash (two runs with one build hash ran the same code): sha-256 over the path and bytes of every file of the tool (src, spec, suites, dist), computed once. */
export function toolBuild(): string {
  if (buildHash) return buildHash;
  const hash = createHash('sha256');
  for (const file of toolFiles()) {
    hash.update(relative(root, file));
    hash.update('\0');
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  buildHash = short(hash.digest('hex'));
  return buildHash;
}

let encodingHash: string | undefined;

/** The encoding revision this version of cloudconf judges by. */
export function encodingRevision(): string {
  if (encodingHash) return encodingHash;
  const { tool: _tool, ...encoding } = specExport();
  encodingHash = short(
    createHash('sha256')
      .update(JSON.stringify(encoding, null, 2))
      .digest('hex'),
  );
  return encodingHash;
}

const list = (value: unknown): string[] | undefined => {
  const values = (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value])
    .map(String)
    .filter((v) => v !== '');
  return values.length ? values : undefined;
};
const one = (value: unknown): string | undefined => (value === undefined || value === null ? undefined : String(value));

/**
 * The selection of a run from its options. --only and --exclude may be one value or repeated, and
 * --exclude and --level may not exist in this version: each is read if present.
 */
export function selectionOf(options: Record<string, unknown>): Selection {
  const entries: [keyof Selection, string | string[] | undefined][] = [
    ['only', list(options.only)],
    ['exclude', list(options.exclude)],
    ['part', one(options.part)],
    ['level', one(options.level)],
    ['shard', one(options.shard)],
    ['ids', list(options.ids)],
  ];
  return Object.fromEntries(entries.filter(([, v]) => v !== undefined));
}

/** True when the selection narrows nothing: the run was asked to judge every requirement. */
export const selectsAll = (s: Selection | undefined): boolean => s !== undefined && Object.keys(s).length === 0;

/** The selection as one line, for the headers of the reports. */
export function selectionLine(s: Selection): string {
  const parts = Object.entries(s).map(([k, v]) => `--${k} ${Array.isArray(v) ? v.join(' ') : v}`);
  return parts.length ? parts.join(' ') : 'all requirements';
}
