// The instance a request's path names (nodeId), as the caller may read or write it: where the routes of an instance's parts start.

import type { Instance } from '../model/instances.js';
import { getInstance } from '../model/instances.js';
import { caller, intParam, type RequestContext } from './context.js';

/** The instance the path names, when the caller may see it. */
export const readableInstance = (ctx: RequestContext): Instance => getInstance(caller(ctx), intParam(ctx, 'nodeId'));

/** The instance the path names, when the caller may change it. */
export const writableInstance = (ctx: RequestContext): Instance =>
  getInstance(caller(ctx), intParam(ctx, 'nodeId'), 'read_write');
