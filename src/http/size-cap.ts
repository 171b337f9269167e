// The interceptor that cuts an answer at the client's size cap: what arrived before the cap is kept, and the attempt ends with RESPONSE_TOO_LARGE.

import type { Dispatcher } from 'undici';
import { ForwardingHandler, TransportFailure, wrappingEach } from './forwarding-handler.js';

// undici's dump and responseError interceptors have caps too, but they fail the request without the
// part that arrived (dump) or only for error statuses (responseError); ours keeps the part as the answer.
class ResponseTooLarge extends TransportFailure {
  constructor(maxBytes: number) {
    super('RESPONSE_TOO_LARGE', `response larger than ${maxBytes} bytes`);
  }
}

/** Whether an attempt's error is the size cap's: the answer arrived, cut. */
export const isCutAnswer = (error: Error): boolean => error instanceof ResponseTooLarge;

class SizeCapHandler extends ForwardingHandler {
  private size = 0;

  constructor(
    next: Dispatcher.DispatchHandler,
    private readonly maxBytes: number,
  ) {
    super(next);
  }

  override onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes) {
      controller.abort(new ResponseTooLarge(this.maxBytes));
      return;
    }
    super.onResponseData(controller, chunk);
  }
}

export const sizeCap = (maxBytes: number) => wrappingEach((next) => new SizeCapHandler(next, maxBytes));
