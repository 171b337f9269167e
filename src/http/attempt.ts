// What one attempt of a request came to: the handler at the end of the interceptor chain records the answer (its body, and the secrets its JSON holds for the redactor) or the transport error under its stable code.

import type { Dispatcher } from 'undici';
import { DRIPPING } from './body-deadline.js';
import { parseJsonBounded } from './bounded-json.js';
import type { Exchange, RecordedResponse } from './exchange.js';
import { TransportFailure } from './forwarding-handler.js';
import type { Redactor } from './redact.js';
import { isCutAnswer } from './size-cap.js';

export type Attempt = { response?: RecordedResponse; transportError?: Exchange['transportError'] };

/** The reason in-flight requests are aborted with when the run is stopped. */
export class InterruptedError extends Error {}

/** undici's waits for headers and between body chunks, and the whole-body deadline: all are the request timeout. */
const TIMEOUTS = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', DRIPPING]);

export interface AttemptContext {
  redactor: Redactor;
  timeoutMs: number;
  stopped?: () => boolean;
}

const flatHeaders = (headers: Record<string, string | string[] | undefined>): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
  return out;
};

function transportError(error: Error, ctx: AttemptContext): NonNullable<Attempt['transportError']> {
  if (error instanceof TransportFailure) return { code: error.code, message: error.message };
  if (error instanceof InterruptedError || ctx.stopped?.())
    return { code: 'INTERRUPTED', message: 'the run was interrupted: no answer awaited' };
  const e = error as { code?: string; name?: string; message?: string };
  const code = TIMEOUTS.has(e.code ?? '') ? 'TIMEOUT' : (e.code ?? e.name ?? 'ERROR');
  const message = code === 'TIMEOUT' ? `no complete answer within ${ctx.timeoutMs} ms` : (e.message ?? String(error));
  return { code, message };
}

class AttemptRecorder implements Dispatcher.DispatchHandler {
  private status = 0;
  private headers: Record<string, string> = {};
  private readonly chunks: Buffer[] = [];

  constructor(
    private readonly done: (a: Attempt) => void,
    private readonly ctx: AttemptContext,
  ) {}

  onRequestStart(): void {}

  onResponseStart(
    _c: Dispatcher.DispatchController,
    status: number,
    headers: Record<string, string | string[] | undefined>,
  ): void {
    // An interim answer (103 Early Hints) comes before the one that counts.
    if (status < 200) return;
    this.status = status;
    this.headers = flatHeaders(headers);
  }

  onResponseData(_c: Dispatcher.DispatchController, chunk: Buffer): void {
    this.chunks.push(chunk);
  }

  onResponseEnd(): void {
    this.done({ response: this.response(false) });
  }

  onResponseError(_c: Dispatcher.DispatchController, error: Error): void {
    if (isCutAnswer(error))
      this.done({ response: this.response(true), transportError: transportError(error, this.ctx) });
    else this.done({ transportError: transportError(error, this.ctx) });
  }

  private response(truncated: boolean): RecordedResponse {
    const text = Buffer.concat(this.chunks).toString('utf8');
    const json = text.length > 0 && !truncated ? parseJsonBounded(text) : undefined;
    if (json !== undefined) this.ctx.redactor.addFrom(json);
    return { status: this.status, headers: this.headers, text, ...(json === undefined ? {} : { json }), truncated };
  }
}

/** Sends one attempt through a dispatcher (the client's chain of interceptors) and records what came of it. */
export const sendAttempt = (
  dispatcher: Dispatcher,
  opts: Dispatcher.DispatchOptions,
  ctx: AttemptContext,
): Promise<Attempt> =>
  new Promise((resolve) => {
    dispatcher.dispatch(opts, new AttemptRecorder(resolve, ctx));
  });
