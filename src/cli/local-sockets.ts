// Unix sockets for the reference servers a run starts itself, in a private directory removed at the end; none where a socket path would not fit.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Linux allows 107 bytes in a socket path, macOS 103: longer paths go without a socket. */
const MAX_SOCKET_PATH = 100;

export interface LocalSockets {
  /** `{ socketPath }` for a server named `name`, or nothing where sockets are unavailable. */
  option(name: string): { socketPath?: string };
  /** Origin to socket, for the servers that got one. */
  byOrigin(servers: { baseUrl: string; socketPath?: string }[]): Record<string, string>;
  dispose(): void;
}

export function localSockets(): LocalSockets {
  let dir: string | undefined;
  return {
    option(name) {
      if (process.platform === 'win32') return {};
      dir ??= mkdtempSync(join(tmpdir(), 'cloudconf-sockets-'));
      const path = join(dir, `${name}.sock`);
      return path.length <= MAX_SOCKET_PATH ? { socketPath: path } : {};
    },
    byOrigin(servers) {
      const map: Record<string, string> = {};
      for (const s of servers) if (s.socketPath) map[new URL(s.baseUrl).origin] = s.socketPath;
      return map;
    },
    dispose() {
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}
