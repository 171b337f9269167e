// Procedures of the OAuth client thumbnail written from prose: an upload is publicly viewable, and only clients of the caller's account take one.

import { opOf } from '../../conventions/sample.js';
import { acceptedWith2xx, rejectedWith4xx, servesUploaded, type WrittenContext } from '../../support/author.js';
import { newClient } from './clients.js';

/** A small image that travels as text (the harness sends string bodies): an SVG with a mark unique to the test. */
const svg = (mark: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><title>cc${mark}</title><rect width="8" height="8" fill="#0a7"/></svg>`;

const upload = (ctx: WrittenContext, clientId: string, image: string, token?: string) =>
  ctx.kit.send(opOf('oauth-clients/thumbnail-update'), {
    params: { clientId },
    rawBody: image,
    contentType: 'image/svg+xml',
    ...(token ? { token } : {}),
  });

export async function publiclyViewable(ctx: WrittenContext) {
  const { kit } = ctx;
  const client = await newClient(ctx);
  if (!client) return;
  const image = svg(kit.session.nextSeed());
  if (!kit.check(acceptedWith2xx(await upload(ctx, client.id, image)), 'uploading a thumbnail')) return;
  const view = await kit.send(opOf('oauth-clients/thumbnail-view'), { params: { clientId: client.id }, token: null });
  kit.check(
    servesUploaded(view, image, 'The thumbnail is publicly viewable once uploaded.'),
    'viewing without a token',
  );
}

export async function ownedClientOnly(ctx: WrittenContext) {
  const { kit } = ctx;
  const other = await kit.session.otherAccount();
  if (!other)
    return kit.skip("needs a client of another account, which only the control interface's second account gives");
  const client = await newClient(ctx, other.token);
  if (!client) return;
  const refused = await upload(ctx, client.id, svg(kit.session.nextSeed()));
  kit.check(rejectedWith4xx(refused), "uploading a thumbnail for another account's client");
  await kit.send(opOf('oauth-clients/delete'), { params: { clientId: client.id }, token: other.token });
}
