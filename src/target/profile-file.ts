// Reads a support profile (a file, or the configuration file's `profile` member) and checks it against profile.schema.json and the encoding; errors name the member, never guess.

import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { areas, operations } from '../../spec/index.js';
import { type Profile, profileProblems } from '../../spec/profile.js';
import { didYouMean } from '../vocabulary/suggest.js';
import { ConfigError } from './config-file.js';

/** The JSON Schema of a profile, shipped beside this module (editors can point `$schema` at it). */
export const PROFILE_SCHEMA_PATH = new URL('./profile.schema.json', import.meta.url);

/** Found in the working directory when neither --profile nor the configuration file names one. */
export const PROFILE_FILE = 'cloudconf.profile.json';

/** A profile file larger than this is no profile: the whole API fits in a few kilobytes. */
const MAX_PROFILE_BYTES = 256 * 1024;

let validator: ValidateFunction | undefined;
function validate(value: unknown): readonly string[] {
  if (!validator) {
    const schema = JSON.parse(readFileSync(PROFILE_SCHEMA_PATH, 'utf8')) as object;
    const { Ajv2020 } = createRequire(import.meta.url)('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js');
    validator = new Ajv2020({ allErrors: true, strict: false }).compile(schema);
  }
  if (validator(value)) return [];
  return [...new Set((validator.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`))];
}

/** A profile value checked: the schema first, then every name against the encoding. Throws ConfigError naming `where`. */
export function checkedProfile(value: unknown, where: string): Profile {
  const shape = validate(value);
  if (shape.length) throw new ConfigError(`${where} does not follow profile.schema.json: ${shape.join('; ')}`);
  const profile = value as Profile;
  const known = [...areas.map((a) => a.name), ...operations.map((o) => o.id)];
  const problems = profileProblems(profile).map(({ entry, problem }) => `${problem}${didYouMean(entry, known)}`);
  if (problems.length) throw new ConfigError(`${where}: ${problems.join('; ')}`);
  return profile;
}

/** Reads and checks a profile file. */
export function readProfile(path: string): Profile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new ConfigError(`cannot read the profile ${path}`);
  }
  if (Buffer.byteLength(text) > MAX_PROFILE_BYTES)
    throw new ConfigError(`the profile ${path} is larger than ${MAX_PROFILE_BYTES / 1024} KiB`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`the profile ${path} is not valid JSON (${(error as Error).message})`);
  }
  return checkedProfile(json, `the profile ${path}`);
}

/** A profile and where it came from, as reports name it. */
export interface DeclaredProfile {
  profile: Profile;
  source: string;
}

/**
 * The profile of a run: `--profile FILE`, else the configuration file's `profile` (a path, relative
 * to that file, or the profile itself), else ./cloudconf.profile.json when it exists; none otherwise.
 */
export function declaredProfile(
  given: string | object | undefined,
  configPath: string | undefined,
  cwd = process.cwd(),
): DeclaredProfile | undefined {
  if (typeof given === 'object') {
    const where = `the profile in ${configPath ?? 'the configuration'}`;
    return { profile: checkedProfile(given, where), source: configPath ?? 'configuration' };
  }
  if (typeof given === 'string') {
    const path = configPath ? resolve(dirname(configPath), given) : resolve(cwd, given);
    return { profile: readProfile(path), source: path };
  }
  const found = resolve(cwd, PROFILE_FILE);
  return existsSync(found) ? { profile: readProfile(found), source: found } : undefined;
}
