// After the suites, one read with the token of each list the run judged that no answer showed served or not: a server that checks tokens before routes answered only 401s to it, which show nothing.

import { operationOf, operations } from '../../spec/index.js';
import { offersOperation } from '../../spec/profile.js';
import type { Requirement } from '../../spec/types.js';
import type { RunConfig } from '../target/config.js';
import { clientFor } from '../target/session.js';
import type { OfferEvidence, Outcome } from '../vocabulary/outcome.js';
import { OfferRecord } from './offer-evidence.js';

/** Most reads this sends: every list of the API is far fewer. */
const MAX_PROBES = 100;

/** Operations some outcome's evidence speaks of, either way. */
function seen(outcomes: Iterable<Outcome>): Set<string> {
  const ids = new Set<string>();
  for (const o of outcomes)
    for (const id of [
      ...(o.offer?.served ?? []),
      ...[...(o.offer?.unserved ?? []), ...(o.offer?.aside ?? []), ...(o.offer?.notFound ?? [])].map(
        (u) => u.operation,
      ),
    ])
      ids.add(id);
  return ids;
}

/**
 * The evidence of one authenticated GET of each list (no path parameters) that a judged requirement
 * concerns and no answer of the run showed either way; undefined when there is none to read.
 */
export async function probeUnseen(
  config: RunConfig,
  judged: readonly Requirement[],
  outcomes: Iterable<Outcome>,
): Promise<OfferEvidence | undefined> {
  const concerned = new Set(judged.map((r) => operationOf(r)?.id));
  const known = seen(outcomes);
  const unseen = operations
    .filter(
      (op) =>
        op.method === 'GET' &&
        op.pathParams.length === 0 &&
        op.status.kind !== 'disabled' &&
        concerned.has(op.id) &&
        !known.has(op.id) &&
        (!config.profile || offersOperation(config.profile, op)),
    )
    .slice(0, MAX_PROBES);
  if (unseen.length === 0) return undefined;
  const record = new OfferRecord();
  const client = clientFor(config);
  try {
    for (const op of unseen) {
      const root = op.root === 'beta' ? config.betaUrl : config.baseUrl;
      record.note(op, await client.send({ method: 'GET', url: `${root}${op.path}`, token: config.token }));
    }
  } finally {
    await client.close();
  }
  return record.evidence();
}
