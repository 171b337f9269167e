// HTTP binding of instance disks: read the parsed request, call the model, shape the disk records.

import type { Disk, DiskInput } from '../model/disks.js';
import * as disks from '../model/disks.js';
import { caller, type Handlers, intParam, type RequestContext } from './context.js';
import { readableInstance, writableInstance } from './path-instance.js';

/** The document does not show the disk record; this one carries the stored fields (never a password). */
export const diskRecord = (d: Disk) => ({
  id: d.id,
  label: d.label,
  size: d.size,
  filesystem: d.filesystem,
  status: d.status,
  created: d.created,
  updated: d.updated,
});

const diskId = (ctx: RequestContext) => intParam(ctx, 'diskId');

export const handlers: Handlers = {
  'disks/list': (ctx) => disks.disksOf(readableInstance(ctx)).map(diskRecord),
  'disks/create': (ctx) =>
    diskRecord(disks.createDisk(caller(ctx), writableInstance(ctx), ctx.body as unknown as DiskInput)),
  'disks/view': (ctx) => diskRecord(disks.getDisk(readableInstance(ctx), diskId(ctx))),
  'disks/update': (ctx) => diskRecord(disks.updateDisk(caller(ctx), writableInstance(ctx), diskId(ctx), ctx.body)),
  'disks/delete': (ctx) => {
    disks.deleteDisk(caller(ctx), writableInstance(ctx), diskId(ctx));
    return {};
  },
  'disks/clone': (ctx) => diskRecord(disks.cloneDisk(caller(ctx), writableInstance(ctx), diskId(ctx))),
  'disks/password': (ctx) =>
    diskRecord(disks.resetDiskPassword(caller(ctx), writableInstance(ctx), diskId(ctx), ctx.body.password as string)),
  'disks/resize': (ctx) =>
    diskRecord(disks.resizeDisk(caller(ctx), writableInstance(ctx), diskId(ctx), ctx.body.size as number)),
};
