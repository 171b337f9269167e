// What would keep a process alive after its command returned: the resources active beyond those of an idle process, for the run host (run-host.mjs).

const counted = (types) => types.reduce((n, type) => n.set(type, (n.get(type) ?? 0) + 1), new Map());

/** The resources active now (timers, sockets, servers, pending file work), counted by type. */
export const activeResources = () => counted(process.getActiveResourcesInfo());

/** The resources still active beyond `base` once they had up to `settleMs` to close; none when the process would end. */
export async function lingeringSince(base, settleMs) {
  const until = Date.now() + settleMs;
  for (;;) {
    const left = [...activeResources()].flatMap(([type, n]) =>
      Array(Math.max(0, n - (base.get(type) ?? 0))).fill(type),
    );
    if (left.length === 0 || Date.now() > until) return left;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
