// Typechecked by scripts/pack-check.mjs inside a project that installed the tarball: the exports carry their types.

import { type Results, type RunningReference, runSelection, specExport, startReferenceServer } from 'cloudconf';

export const run: (options?: Parameters<typeof runSelection>[0]) => Promise<Results | undefined> = runSelection;
export const start: (options?: { port?: number }) => Promise<RunningReference> = startReferenceServer;
export const apiRevision: string | number = specExport().apiRevision;
