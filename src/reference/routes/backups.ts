// HTTP binding of the backups of an instance: read the parsed request, call the model, shape the backup records.

import type { Backup } from '../model/backups.js';
import * as backups from '../model/backups.js';
import type { World } from '../model/world.js';
import { caller, type Handlers, intParam, type RequestContext } from './context.js';

/** The document does not show the backup record; this one carries the stored fields under conventional names. */
export const backupRecord = (world: World, b: Backup) => {
  const status = backups.backupStatus(world, b);
  const { created, finished } = backups.backupTimes(b);
  const done = status !== backups.BACKUP_RUNNING;
  return {
    id: b.id,
    label: b.label,
    type: b.type,
    status,
    region: b.region,
    configs: b.configs.map((c) => c.label),
    disks: b.disks.map((d) => ({ label: d.label, size: d.size, filesystem: d.filesystem })),
    available: done,
    created,
    updated: done ? finished : created,
    finished: done ? finished : null,
  };
};

const nodeId = (ctx: RequestContext) => intParam(ctx, 'nodeId');
const backupId = (ctx: RequestContext) => intParam(ctx, 'backupId');

export const handlers: Handlers = {
  'backups/list': (ctx) => {
    const list = backups.listBackups(caller(ctx), nodeId(ctx));
    const record = (b: Backup | null) => (b ? backupRecord(ctx.world, b) : null);
    return {
      automatic: list.automatic.map((b) => backupRecord(ctx.world, b)),
      snapshot: { current: record(list.snapshot.current), in_progress: record(list.snapshot.in_progress) },
    };
  },
  'backups/snapshot': (ctx) =>
    backupRecord(ctx.world, backups.takeSnapshot(caller(ctx), nodeId(ctx), String(ctx.body.label))),
  'backups/cancel': (ctx) => {
    backups.cancelBackups(caller(ctx), nodeId(ctx));
    return {};
  },
  'backups/enable': (ctx) => {
    backups.enableBackups(caller(ctx), nodeId(ctx));
    return {};
  },
  'backups/view': (ctx) => backupRecord(ctx.world, backups.getBackup(caller(ctx), nodeId(ctx), backupId(ctx))),
  'backups/restore': (ctx) => {
    backups.restoreBackup(
      caller(ctx),
      nodeId(ctx),
      backupId(ctx),
      ctx.body as unknown as { node_id: number; overwrite?: boolean },
    );
    return {};
  },
};
