// Managed service addresses: the query of the URL given is kept, its fragment is not.

import { type Exchange, type Kit, stringFieldSatisfies, type WrittenContext } from '../../support/author.js';
import { createManaged, ops, record } from './common.js';

/** A public host: no `region` may go with it (the region rule). */
const HOST = 'https://example.com';

/** Creates a service with the address given and answers its view (the stored record). */
async function storedService({ kit, fixtures }: WrittenContext, address: string): Promise<Exchange> {
  const remove = { op: ops.serviceDelete, param: 'serviceId' };
  const { id } = await createManaged(kit, fixtures, ops.serviceCreate, remove, { address, region: undefined });
  const view = await kit.send(ops.serviceView, { params: { serviceId: id } });
  if (typeof record(view)?.address !== 'string') {
    kit.skip('the service record does not show `address` (response fields are not shown by the document)');
  }
  return view;
}

const tag = (kit: Kit) => kit.session.nextSeed().toString(36);

const queryOf = (url: string) => (URL.canParse(url) ? [...new URL(url).searchParams].sort() : undefined);

export async function addressQueryPreserved(ctx: WrittenContext) {
  const query = `?cc=${tag(ctx.kit)}&check=full&lang=en`;
  const view = await storedService(ctx, `${HOST}/status${query}`);
  const expected = JSON.stringify(queryOf(`${HOST}/${query}`));
  ctx.kit.check(
    stringFieldSatisfies(
      view,
      'address',
      (a) => JSON.stringify(queryOf(a)) === expected,
      `with the query ${query}`,
      'URL query parameters of a managed service address are preserved.',
    ),
  );
}

export async function addressFragmentDropped(ctx: WrittenContext) {
  const fragment = `#cc-${tag(ctx.kit)}`;
  const view = await storedService(ctx, `${HOST}/health?probe=1${fragment}`);
  ctx.kit.check(
    stringFieldSatisfies(
      view,
      'address',
      (a) => !a.includes('#'),
      `without the fragment ${fragment}`,
      'URL fragments of a managed service address are not kept.',
    ),
  );
}
