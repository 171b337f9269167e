// The interceptor that holds one of the run's slots for requests in flight (`--concurrency`) for one attempt, from before it is sent until its answer is read: a retry's wait holds none.

import type { Dispatcher } from 'undici';
import { ForwardingHandler, failUnsent } from './forwarding-handler.js';
import { isCutAnswer } from './size-cap.js';

export interface Slots {
  acquire(): Promise<void>;
  /** `throttled`: the attempt was answered 429. */
  release(throttled: boolean): void;
}

class SlotHandler extends ForwardingHandler {
  private status = 0;
  private released = false;

  constructor(
    next: Dispatcher.DispatchHandler,
    private readonly slots: Slots,
  ) {
    super(next);
  }

  private release(answered: boolean): void {
    if (this.released) return;
    this.released = true;
    this.slots.release(answered && this.status === 429);
  }

  override onResponseStart(...args: Parameters<ForwardingHandler['onResponseStart']>): void {
    if (args[1] >= 200) this.status = args[1];
    super.onResponseStart(...args);
  }

  override onResponseEnd(...args: Parameters<ForwardingHandler['onResponseEnd']>): void {
    this.release(true);
    super.onResponseEnd(...args);
  }

  override onResponseError(controller: Dispatcher.DispatchController, error: Error): void {
    // An answer cut at the size cap is still an answer: its 429 counts.
    this.release(isCutAnswer(error));
    super.onResponseError(controller, error);
  }
}

export const concurrencySlot =
  (slots: Slots): Dispatcher.DispatcherComposeInterceptor =>
  (dispatch) =>
  (opts, handler) => {
    slots.acquire().then(
      () => dispatch(opts, new SlotHandler(handler, slots)),
      (error: Error) => failUnsent(handler, error),
    );
    return true;
  };
