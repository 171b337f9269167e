// A dispatch handler that passes every event on to the next one: the base of the client's interceptors, each overriding only the events its concern needs (undici's own DecoratorHandler is deprecated).

import type { Dispatcher } from 'undici';

type Controller = Dispatcher.DispatchController;
type Headers = Record<string, string | string[] | undefined>;

export class ForwardingHandler implements Dispatcher.DispatchHandler {
  constructor(protected readonly next: Dispatcher.DispatchHandler) {}

  onRequestStart(controller: Controller, context: unknown): void {
    this.next.onRequestStart?.(controller, context);
  }

  onResponseStart(controller: Controller, status: number, headers: Headers, statusMessage?: string): void {
    this.next.onResponseStart?.(controller, status, headers, statusMessage);
  }

  onResponseData(controller: Controller, chunk: Buffer): void {
    this.next.onResponseData?.(controller, chunk);
  }

  onResponseEnd(controller: Controller, trailers: Headers): void {
    this.next.onResponseEnd?.(controller, trailers);
  }

  onResponseError(controller: Controller, error: Error): void {
    this.next.onResponseError?.(controller, error);
  }
}

/** The interceptor that hands every request's events to the handler `wrap` makes around the next one. */
export const wrappingEach =
  (wrap: (next: Dispatcher.DispatchHandler) => Dispatcher.DispatchHandler): Dispatcher.DispatcherComposeInterceptor =>
  (dispatch) =>
  (opts, handler) =>
    dispatch(opts, wrap(handler));

/**
 * Fails a request before it reaches the network: undici's own interceptors do the same (a null
 * controller: nothing was started to abort).
 */
export function failUnsent(handler: Dispatcher.DispatchHandler, error: Error): true {
  handler.onResponseError?.(null as unknown as Controller, error);
  return true;
}

/** An error whose code and message are what the exchange records, as they are. */
export class TransportFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
