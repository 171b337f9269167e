// The interceptor that sends nothing once the run is stopped (Ctrl-C, SIGTERM): the attempt ends unsent, with the INTERRUPTED code.

import type { Dispatcher } from 'undici';
import { failUnsent, TransportFailure } from './forwarding-handler.js';

export const stopGate =
  (stopped: () => boolean): Dispatcher.DispatcherComposeInterceptor =>
  (dispatch) =>
  (opts, handler) =>
    stopped()
      ? failUnsent(handler, new TransportFailure('INTERRUPTED', 'the run was interrupted: request not sent'))
      : dispatch(opts, handler);
