// The undici dispatchers a client sends through, one per origin with keep-alive: a Pool (over a Unix socket for origins the run serves itself, trusting the run's CA), or EnvHttpProxyAgent when the environment names a proxy; each composed with the client's interceptors.

import { getCACertificates } from 'node:tls';
import { type Dispatcher, EnvHttpProxyAgent, Pool } from 'undici';

export interface PoolOptions {
  connections: number;
  /** undici's waits for headers and between body chunks. */
  timeoutMs: number;
  /** Origins reached through a Unix socket rather than TCP, by origin. */
  socketPaths?: Record<string, string>;
  /** Certificates of authorities to trust besides the machine's (PEM). */
  ca?: string;
}

/** Whether the environment names a proxy: then requests go through undici's EnvHttpProxyAgent (NO_PROXY honoured). */
const proxyConfigured = () =>
  ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'].some((name) => process.env[name]);

export class Pools {
  private readonly byOrigin = new Map<string, { base: Dispatcher; composed: Dispatcher }>();

  /** `chain`: the interceptors in the order a request meets them. */
  constructor(
    private readonly options: PoolOptions,
    private readonly chain: Dispatcher.DispatcherComposeInterceptor[],
  ) {}

  /** The dispatcher of an origin, its interceptors composed in. */
  get(origin: string): Dispatcher {
    let entry = this.byOrigin.get(origin);
    if (!entry) {
      const base = this.open(origin);
      // undici's compose makes the last interceptor given the outermost: the first a request meets. No
      // redirect interceptor: a 3xx is the answer the checks judge, never followed.
      entry = { base, composed: base.compose([...this.chain].reverse()) };
      this.byOrigin.set(origin, entry);
    }
    return entry.composed;
  }

  private open(origin: string): Dispatcher {
    const socketPath = this.options.socketPaths?.[origin];
    // Node's own authorities (NODE_EXTRA_CA_CERTS among them) and the run's: given `ca`, TLS trusts that list alone.
    const tlsOptions = this.options.ca ? { ca: [...getCACertificates('default'), this.options.ca] } : undefined;
    const options = {
      connections: this.options.connections,
      headersTimeout: this.options.timeoutMs,
      bodyTimeout: this.options.timeoutMs,
      keepAliveTimeout: 10_000,
      ...(tlsOptions ? { connect: tlsOptions } : {}),
    };
    return !socketPath && proxyConfigured()
      ? new EnvHttpProxyAgent({ ...options, ...(tlsOptions ? { requestTls: tlsOptions } : {}) })
      : new Pool(origin, { ...options, ...(socketPath ? { socketPath } : {}) });
  }

  /** Fails every request in flight with `reason`; later requests open new dispatchers. */
  destroyAll(reason: Error): void {
    const bases = [...this.byOrigin.values()].map((e) => e.base);
    this.byOrigin.clear();
    for (const p of bases) p.destroy(reason).catch(() => {});
  }

  async close(): Promise<void> {
    await Promise.all([...this.byOrigin.values()].map((e) => e.base.close()));
    this.byOrigin.clear();
  }
}
