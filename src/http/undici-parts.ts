// The parts of undici the suite sends with (Pool, EnvHttpProxyAgent), each loaded from its own module: undici's index loads the whole package (fetch, WebSocket, EventSource, mocks, caches, snapshots) in every thread that imports it.

import { createRequire } from 'node:module';
import type * as Undici from 'undici';

// undici 8 has no `exports` map: these are its own files, and undici-parts.test.ts checks they are the classes its index exports.
const load = createRequire(import.meta.url);

export const Pool: typeof Undici.Pool = load('undici/lib/dispatcher/pool.js');
export type Pool = Undici.Pool;
export const EnvHttpProxyAgent: typeof Undici.EnvHttpProxyAgent = load('undici/lib/dispatcher/env-http-proxy-agent.js');
export type EnvHttpProxyAgent = Undici.EnvHttpProxyAgent;
