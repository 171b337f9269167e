// HTTP binding of instance disks: read the parsed request, call the model, shape the disk records.

import type { Disk, DiskInput } from '../model/disks.js';
import * as disks from '../model/disks.js';
import * as instances from '../model/instances.js';
import { caller, type Handlers, intParam, type RequestContext } from './context.js';

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

const readable = (ctx: RequestContext) => instances.getInstance(caller(ctx), intParam(ctx, 'nodeId'));
const writable = (ctx: RequestContext) => instances.getInstance(caller(ctx), intParam(ctx, 'nodeId'), 'read_write');
const diskId = (ctx: RequestContext) => intParam(ctx, 'diskId');

export const handlers: Handlers = {
  'disks/list': (ctx) => disks.disksOf(readable(ctx)).map(diskRecord),
  'disks/create': (ctx) => diskRecord(disks.createDisk(caller(ctx), writable(ctx), ctx.body as unknown as DiskInput)),
  'disks/view': (ctx) => diskRecord(disks.getDisk(readable(ctx), diskId(ctx))),
  'disks/update': (ctx) => diskRecord(disks.updateDisk(caller(ctx), writable(ctx), diskId(ctx), ctx.body)),
  'disks/delete': (ctx) => {
    disks.deleteDisk(caller(ctx), writable(ctx), diskId(ctx));
    return {};
  },
  'disks/clone': (ctx) => diskRecord(disks.cloneDisk(caller(ctx), writable(ctx), diskId(ctx))),
  'disks/password': (ctx) =>
    diskRecord(disks.resetDiskPassword(caller(ctx), writable(ctx), diskId(ctx), ctx.body.password as string)),
  'disks/resize': (ctx) =>
    diskRecord(disks.resizeDisk(caller(ctx), writable(ctx), diskId(ctx), ctx.body.size as number)),
};
