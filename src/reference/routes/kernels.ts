// HTTP binding of kernels: the catalogue's kernels, listed and viewed without a token.

import { findKernel, type Kernel, kernels } from '../model/catalogue.js';
import { notFound } from '../model/errors.js';
import type { Handlers } from './context.js';

export const kernelRecord = (k: Kernel) => ({ ...k });

export const handlers: Handlers = {
  'kernels/list': (ctx) => (ctx.world.fault('kernels-named-missing') ? kernels.slice(1) : kernels).map(kernelRecord),
  'kernels/view': (ctx) => {
    const kernel = findKernel(String(ctx.params.kernelId));
    if (!kernel) throw notFound('Kernel not found');
    return kernelRecord(kernel);
  },
};
