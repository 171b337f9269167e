// The interceptor that counts every attempt that goes out, for the run's request tally.

import type { Dispatcher } from 'undici';

export const counting =
  (count: () => void): Dispatcher.DispatcherComposeInterceptor =>
  (dispatch) =>
  (opts, handler) => {
    count();
    return dispatch(opts, handler);
  };
