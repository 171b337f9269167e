// HTTP binding of OAuth clients: read the parsed request, call the model, shape the client records (the secret only where the model shows it).

import type { OAuthClient, Thumbnail } from '../model/oauth-clients.js';
import * as oauth from '../model/oauth-clients.js';
import { caller, type Handlers, RawBody, type RequestContext } from './context.js';

const thumbnailPath = (id: string) => `/v4/account/oauth-clients/${id}/thumbnail`;

/**
 * The document lists no record fields: the reference server answers the client ID, the stored
 * fields and where the thumbnail is served; `secret` appears only when a plaintext secret is shown.
 */
export const clientRecord = (c: OAuthClient, secret?: string) => ({
  id: c.id,
  label: c.label,
  redirect_uri: c.redirect_uri,
  public: c.public,
  thumbnail_url: c.thumbnail ? thumbnailPath(c.id) : null,
  ...(secret === undefined ? {} : { secret }),
});

const clientId = (ctx: RequestContext) => String(ctx.params.clientId);

/** Shapes a client for every operation but reset-secret. */
const shown = (ctx: RequestContext, c: OAuthClient) => clientRecord(c, oauth.shownSecret(ctx.world, c));

/** The uploaded image, bytes and content type as sent. */
const uploadedImage = (ctx: RequestContext): Thumbnail => ({
  contentType: ctx.file?.contentType,
  bytes: ctx.file?.bytes ?? new Uint8Array(0),
});

export const handlers: Handlers = {
  'oauth-clients/list': (ctx) => oauth.listClients(caller(ctx)).map((c) => shown(ctx, c)),
  'oauth-clients/create': (ctx) =>
    shown(ctx, oauth.createClient(caller(ctx), ctx.body as unknown as oauth.ClientInput)),
  'oauth-clients/view': (ctx) => shown(ctx, oauth.getClient(caller(ctx), clientId(ctx))),
  'oauth-clients/update': (ctx) => shown(ctx, oauth.updateClient(caller(ctx), clientId(ctx), ctx.body)),
  'oauth-clients/delete': (ctx) => {
    oauth.deleteClient(caller(ctx), clientId(ctx));
    return {};
  },
  'oauth-clients/reset-secret': (ctx) => {
    const { client, secret } = oauth.resetSecret(caller(ctx), clientId(ctx));
    return clientRecord(client, secret);
  },
  'oauth-clients/thumbnail-update': (ctx) => {
    oauth.setThumbnail(caller(ctx), clientId(ctx), uploadedImage(ctx));
    return {};
  },
  // The image as uploaded; without a stored content type it is sent as opaque bytes.
  'oauth-clients/thumbnail-view': (ctx) => {
    const image = oauth.getThumbnail(ctx.world, clientId(ctx));
    return new RawBody(image.contentType ?? 'application/octet-stream', image.bytes);
  },
};
