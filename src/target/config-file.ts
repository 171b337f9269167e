// Where the target, its credentials and the run options come from: flags, then a configuration file (`--config FILE` or ./cloudconf.config.json, checked against config.schema.json), then CLOUDCONF_TOKEN; errors never quote a value.

import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { FILE_BOUNDS, FileTooLarge, readBoundedText } from '../http/bounded-file.js';
import type { ConfiguredCredentials } from './config.js';

export const TOKEN_ENV = 'CLOUDCONF_TOKEN';

/** The file's shape: `{ "base_url", "beta_url"?, "token", "credentials"?: { "other_account": { "token", "username" } } }`. */
interface TargetFile {
  base_url?: unknown;
  beta_url?: unknown;
  token?: unknown;
  credentials?: { other_account?: { token?: unknown; username?: unknown } };
}

/** Found in the working directory when no --config is given. */
export const CONFIG_FILE = 'cloudconf.config.json';

/** The JSON Schema of the file, shipped beside this module (editors can point `$schema` at it). */
export const CONFIG_SCHEMA_PATH = new URL('./config.schema.json', import.meta.url);

let compiled: { validate: ValidateFunction; known: Set<string> } | undefined;
/** The schema's validator and member names, made on first use: every command's start (even `--version`) loads this module. */
function schemaOf(): { validate: ValidateFunction; known: Set<string> } {
  if (compiled) return compiled;
  const schema = JSON.parse(readFileSync(CONFIG_SCHEMA_PATH, 'utf8')) as { properties: Record<string, unknown> };
  const { Ajv2020 } = createRequire(import.meta.url)('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js');
  compiled = {
    validate: new Ajv2020({ allErrors: true, strict: false }).compile(schema),
    known: new Set(Object.keys(schema.properties)),
  };
  return compiled;
}

export interface TargetFlags {
  baseUrl?: string;
  betaUrl?: string;
  token?: string;
  config?: string;
}

export interface ResolvedTarget {
  baseUrl?: string;
  betaUrl?: string;
  token?: string;
  credentials?: ConfiguredCredentials;
}

/** A problem with the configuration, worded without any value from the file (it holds tokens). */
export class ConfigError extends Error {}

/**
 * Whether a base URL was written without `http://`: `127.0.0.1:8080/v4` is no URL at all, and
 * `localhost:8080/v4` one whose scheme would be `localhost:`. Another scheme (`ftp://`,
 * `javascript:`) is not this: it is refused for its scheme.
 */
const lacksScheme = (text: string) =>
  !/^[a-z][a-z\d+.-]*:\/\//i.test(text) && (!/^[a-z][a-z\d+.-]*:\D/i.test(text) || /^[^/]*@/.test(text));

/**
 * What is wrong with a base URL, worded without its value; undefined when it is fine. Only http and
 * https are taken, and never user-info: a password in the URL would be printed in every report.
 */
export function baseUrlProblem(text: string): string | undefined {
  if (lacksScheme(text)) return 'has no scheme: write it as http://HOST:PORT/v4 (or https://)';
  if (!URL.canParse(text)) return 'is not a URL';
  const url = new URL(text);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `must be an http or https URL, not ${url.protocol}`;
  if (url.username || url.password)
    return 'must not hold user-info (user:password@): give the token with --token, CLOUDCONF_TOKEN or --config';
  return undefined;
}

const optionalString = (value: unknown, name: string): string | undefined => {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.length === 0) throw new ConfigError(`"${name}" must be a non-empty string`);
  return value;
};

function readFile(path: string): TargetFile {
  let text: string;
  try {
    text = readBoundedText(path, FILE_BOUNDS.config, 'the configuration file');
  } catch (error) {
    if (error instanceof FileTooLarge) throw new ConfigError(error.message);
    throw new ConfigError(`cannot read the configuration file ${path}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    // JSON.parse quotes the text around the error, which may be a token.
    throw new ConfigError(`the configuration file ${path} is not valid JSON`);
  }
  if (!json || typeof json !== 'object' || Array.isArray(json)) {
    throw new ConfigError(`the configuration file ${path} must hold a JSON object`);
  }
  const { validate, known } = schemaOf();
  const unknown = Object.keys(json).filter((k) => !known.has(k));
  if (unknown.length) {
    throw new ConfigError(`unknown member(s) in ${path}: ${unknown.join(', ')} (known: ${[...known].join(', ')})`);
  }
  if (!validate(json)) {
    // Where and what rule, never the value: ajv's messages name the rule (type, pattern, minimum, allowed values).
    const problems = (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`);
    throw new ConfigError(`${path} does not follow config.schema.json: ${[...new Set(problems)].join('; ')}`);
  }
  return json as TargetFile;
}

/** A CA file larger than this holds no sensible set of authorities. */
const MAX_CA_BYTES = 1024 * 1024;

const cas = new Map<string, string>();

/** The certificates of `--ca FILE` (PEM), read once per process; ConfigError when the file cannot be read or holds none. */
export function readCaFile(path: string): string {
  const known = cas.get(path);
  if (known) return known;
  let text: string;
  try {
    text = readBoundedText(path, MAX_CA_BYTES, 'the CA file');
  } catch (error) {
    throw new ConfigError(error instanceof FileTooLarge ? error.message : `cannot read the CA file ${path}`);
  }
  if (!text.includes('-----BEGIN CERTIFICATE-----'))
    throw new ConfigError(`the CA file ${path} holds no PEM certificate (-----BEGIN CERTIFICATE-----)`);
  cas.set(path, text);
  return text;
}

/** The configuration file of a run: the one given, else ./cloudconf.config.json when it exists. */
export const configFileOf = (given: string | undefined, cwd = process.cwd()): string | undefined =>
  given ?? (existsSync(`${cwd}/${CONFIG_FILE}`) ? `${cwd}/${CONFIG_FILE}` : undefined);

/** File members that are run options, and the option each sets (commander's attribute name). */
const RUN_OPTIONS: Record<string, string> = {
  report_dir: 'reportDir',
  seed: 'seed',
  runs: 'runs',
  only: 'only',
  exclude: 'exclude',
  level: 'level',
  part: 'part',
  mode: 'mode',
  allow_billing: 'allowBilling',
  rate: 'rate',
  timeout: 'timeout',
  max_response_bytes: 'maxResponseBytes',
  strict: 'strict',
  region: 'region',
  image: 'image',
  type: 'type',
  deprecated_type: 'deprecatedType',
  baseline: 'baseline',
  known_failures: 'knownFailures',
  headers: 'header',
  profile: 'profile',
  ca: 'ca',
  max_retry_wait: 'maxRetryWait',
};

/**
 * The run options a configuration file sets, as the command line would give them (numbers as
 * text); `fromFlags` says which options the command line gave, which the file does not override.
 */
export function runOptionsFromFile(path: string, fromFlags: (option: string) => boolean): Record<string, unknown> {
  const file = readFile(path) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [member, option] of Object.entries(RUN_OPTIONS)) {
    const value = file[member];
    if (value === undefined || fromFlags(option)) continue;
    out[option] = typeof value === 'number' ? String(value) : value;
  }
  return out;
}

function credentialsOf(file: TargetFile): ConfiguredCredentials | undefined {
  const other = file.credentials?.other_account;
  if (!other) return undefined;
  const token = optionalString(other.token, 'credentials.other_account.token');
  const username = optionalString(other.username, 'credentials.other_account.username');
  if (!token || !username) throw new ConfigError('"credentials.other_account" needs a token and a username');
  return { otherAccount: { token, username } };
}

export function resolveTarget(flags: TargetFlags, env: NodeJS.ProcessEnv = process.env): ResolvedTarget {
  const file = flags.config ? readFile(flags.config) : {};
  const baseUrl = flags.baseUrl ?? optionalString(file.base_url, 'base_url');
  const betaUrl = flags.betaUrl ?? optionalString(file.beta_url, 'beta_url');
  const token = flags.token ?? optionalString(file.token, 'token') ?? (env[TOKEN_ENV] || undefined);
  const credentials = credentialsOf(file);
  for (const [name, url] of [
    ['base URL', baseUrl],
    ['beta URL', betaUrl],
  ] as const) {
    const problem = url === undefined ? undefined : baseUrlProblem(url);
    if (problem) throw new ConfigError(`the ${name} ${problem}`);
  }
  return {
    ...(baseUrl ? { baseUrl } : {}),
    ...(betaUrl ? { betaUrl } : {}),
    ...(token ? { token } : {}),
    ...(credentials ? { credentials } : {}),
  };
}
