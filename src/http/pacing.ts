// The interceptor that waits for the run's pace (`--rate`) before every attempt.

import type { Dispatcher } from 'undici';
import { failUnsent } from './forwarding-handler.js';

export const pacing =
  (pace: () => Promise<void>): Dispatcher.DispatcherComposeInterceptor =>
  (dispatch) =>
  (opts, handler) => {
    pace().then(
      () => dispatch(opts, handler),
      (error: Error) => failUnsent(handler, error),
    );
    return true;
  };
