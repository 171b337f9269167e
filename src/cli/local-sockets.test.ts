// Self-tests of the run's local sockets: the client reaches a server the run started through its Unix socket, and the sockets go with the run.

import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, onTestFinished, test } from 'vitest';
import { HttpClient } from '../http/client.js';
import { startReferenceServer } from '../reference/server.js';
import { localSockets } from './local-sockets.js';

/** An origin where nothing listens (the discard port): only a socket can answer for it. */
const NOWHERE = 'http://127.0.0.1:9';

test('requests to an origin with a socket go through the socket, and dispose removes it', async () => {
  const sockets = localSockets();
  const server = await startReferenceServer({ port: 0, ...sockets.option('reference') });
  const path = server.socketPath as string;
  const client = new HttpClient({ socketPaths: { [NOWHERE]: path } });
  const exchange = await client.send({ method: 'GET', url: `${NOWHERE}/v4/account/settings`, token: server.token });
  expect(exchange.transportError).toBeUndefined();
  expect(exchange.response?.status).toBe(200);
  expect(sockets.byOrigin([server])).toEqual({ [new URL(server.baseUrl).origin]: path });
  await client.close();
  await server.close();
  sockets.dispose();
  expect(existsSync(path)).toBe(false);
});

test('where a socket path would be too long, servers get none and requests go over TCP', () => {
  const long = mkdtempSync(join(tmpdir(), 'cloudconf-long-'));
  onTestFinished(() => rmSync(long, { recursive: true, force: true }));
  const deep = join(long, 'x'.repeat(60), 'y'.repeat(40));
  mkdirSync(deep, { recursive: true });
  const saved = process.env.TMPDIR;
  process.env.TMPDIR = deep;
  onTestFinished(() => {
    if (saved === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = saved;
  });
  const sockets = localSockets();
  expect(sockets.option('reference')).toEqual({});
  sockets.dispose();
});

test('a socket path that cannot be listened on leaves the server on TCP, with no socket to name', async () => {
  const server = await startReferenceServer({ port: 0, socketPath: '/nonexistent-directory/reference.sock' });
  expect(server.socketPath).toBeUndefined();
  expect(localSockets().byOrigin([server])).toEqual({});
  await server.close();
});
