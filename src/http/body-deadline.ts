// The interceptor that cuts an answer whose body is still arriving at the request's deadline (a dripping body: each chunk within undici's wait between chunks, the whole past it).

import type { Dispatcher } from 'undici';
import { ForwardingHandler, wrappingEach } from './forwarding-handler.js';

/** The code of the error an answer past its deadline ends with (the exchange records it as TIMEOUT). */
export const DRIPPING = 'CLOUDCONF_BODY_DEADLINE';

class DeadlineHandler extends ForwardingHandler {
  // undici's own coarse timers bound the waits for headers and between chunks; the body is cut at
  // the first chunk past the deadline. A signal per request would cost a third of the client's CPU.
  private readonly deadline: number;

  constructor(next: Dispatcher.DispatchHandler, timeoutMs: number) {
    super(next);
    this.deadline = performance.now() + timeoutMs;
  }

  override onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (performance.now() > this.deadline) {
      controller.abort(Object.assign(new Error('the body was still arriving at the deadline'), { code: DRIPPING }));
      return;
    }
    super.onResponseData(controller, chunk);
  }
}

export const bodyDeadline = (timeoutMs: number) => wrappingEach((next) => new DeadlineHandler(next, timeoutMs));
