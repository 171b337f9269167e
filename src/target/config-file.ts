// Where the target and its credentials come from: flags, then a configuration file (`--config FILE`, DESIGN section 4), then CLOUDCONF_TOKEN; errors never quote a value.

import { readFileSync } from 'node:fs';
import type { ConfiguredCredentials } from './config.js';

export const TOKEN_ENV = 'CLOUDCONF_TOKEN';

/** The file's shape: `{ "base_url", "beta_url"?, "token", "credentials"?: { "other_account": { "token", "username" } } }`. */
interface TargetFile {
  base_url?: unknown;
  beta_url?: unknown;
  token?: unknown;
  credentials?: { other_account?: { token?: unknown; username?: unknown } };
}

const KNOWN = new Set(['base_url', 'beta_url', 'token', 'credentials']);

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
 * What is wrong with a base URL, worded without its value; undefined when it is fine. Only http and
 * https are taken, and never user-info: a password in the URL would be printed in every report.
 */
export function baseUrlProblem(text: string): string | undefined {
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
    text = readFileSync(path, 'utf8');
  } catch {
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
  const unknown = Object.keys(json).filter((k) => !KNOWN.has(k));
  if (unknown.length) {
    throw new ConfigError(`unknown member(s) in ${path}: ${unknown.join(', ')} (known: ${[...KNOWN].join(', ')})`);
  }
  return json as TargetFile;
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
