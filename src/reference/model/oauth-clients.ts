// OAuth clients of the reference server: registration, the secret shown only by reset-secret, credential and token upkeep for {auth_url}, and the public thumbnail; no HTTP types.

import { randomBytes } from 'node:crypto';
import type { Scope } from '../../../spec/types.js';
import { forbidden, notFound } from './errors.js';
import { perWorld } from './per-world.js';
import { applyUpdate, removeDeleted } from './seams.js';
import type { Account, Permission, Principal, World } from './world.js';

export interface Thumbnail {
  /** As the upload declared it; undefined when the upload did not say. */
  contentType: string | undefined;
  bytes: Uint8Array;
}

export interface OAuthClient {
  /** The client ID: 20 lowercase hexadecimal characters, unique across the world. */
  id: string;
  accountId: number;
  label: string;
  redirect_uri: string;
  public: boolean;
  /** The current secret; never shown except by reset-secret. */
  secret: string;
  /** Every secret the client had before the current one: expired, and never issued again. */
  formerSecrets: Set<string>;
  thumbnail: Thumbnail | undefined;
}

export interface ClientInput {
  label: string;
  redirect_uri: string;
  public?: boolean;
}

export type ClientChanges = Partial<ClientInput>;

const CLIENT_ID_BYTES = 10;
const SECRET_BYTES = 32;

// ---- Stores: per account for the API, world-wide by client ID for {auth_url} and the public thumbnail ----

const store = (account: Account) => account.store('oauth-clients', () => new Map<string, OAuthClient>());

interface WorldClients {
  byId: Map<string, OAuthClient>;
  /** Tokens issued to each client at {auth_url}, so a delete can revoke them. */
  tokensByClient: Map<string, Set<string>>;
}

const worldClients = perWorld('oauth-clients', (): WorldClients => ({ byId: new Map(), tokensByClient: new Map() }));

function newClientId(world: World): string {
  const { byId } = worldClients(world);
  let id: string;
  do id = randomBytes(CLIENT_ID_BYTES).toString('hex');
  while (byId.has(id));
  return id;
}

const newSecret = () => randomBytes(SECRET_BYTES).toString('hex');

// ---- Access: OAuth clients are account-level, so a restricted user needs `account_access` ----

const permits = (held: Permission | null | undefined, needed: Permission) =>
  held === 'read_write' || (held === 'read_only' && needed === 'read_only');

function requireAccountAccess(p: Principal, needed: Permission): void {
  if (!p.user.restricted || p.account.world.fault('account-access-ignored')) return;
  if (!permits(p.user.grants.global.account_access, needed)) {
    throw forbidden(`Unauthorized: OAuth clients need account_access ${needed}`);
  }
}

// ---- The API ----

export function listClients(p: Principal): OAuthClient[] {
  requireAccountAccess(p, 'read_only');
  return [...store(p.account).values()];
}

/** A client of the caller's account; other accounts' clients do not exist for it. */
function ownClient(p: Principal, id: string): OAuthClient {
  const client = store(p.account).get(id);
  if (!client) throw notFound('OAuth client not found');
  return client;
}

export function getClient(p: Principal, id: string): OAuthClient {
  requireAccountAccess(p, 'read_only');
  return ownClient(p, id);
}

export function createClient(p: Principal, input: ClientInput): OAuthClient {
  requireAccountAccess(p, 'read_write');
  const { world } = p.account;
  const id = newClientId(world);
  const client: OAuthClient = {
    // Under the fault the record's ID is not the one the client is stored under.
    id: world.fault('oauth-client-id-unviewable') ? id.toUpperCase() : id,
    accountId: p.account.id,
    label: input.label,
    redirect_uri: input.redirect_uri,
    public: input.public ?? world.fault('oauth-public-default-true'),
    secret: newSecret(),
    formerSecrets: new Set(),
    thumbnail: undefined,
  };
  store(p.account).set(id, client);
  worldClients(world).byId.set(id, client);
  return client;
}

export function updateClient(p: Principal, id: string, changes: ClientChanges): OAuthClient {
  requireAccountAccess(p, 'read_write');
  const client = ownClient(p, id);
  applyUpdate(p.account.world, () => {
    if (changes.label !== undefined) client.label = changes.label;
    if (changes.redirect_uri !== undefined) client.redirect_uri = changes.redirect_uri;
    if (changes.public !== undefined) client.public = changes.public;
  });
  return client;
}

/** Deletes the client: its ID and secret stop being accepted and every token issued to it is revoked. */
export function deleteClient(p: Principal, id: string): void {
  requireAccountAccess(p, 'read_write');
  ownClient(p, id);
  const { world } = p.account;
  removeDeleted(world, () => {
    store(p.account).delete(id);
    const clients = worldClients(world);
    clients.byId.delete(id);
    if (!world.fault('oauth-delete-keeps-tokens')) {
      for (const token of clients.tokensByClient.get(id) ?? []) world.tokens.delete(token);
    }
    clients.tokensByClient.delete(id);
  });
}

/** Gives the client a new secret, never one it had before; the old one expires at once. */
export function resetSecret(p: Principal, id: string): { client: OAuthClient; secret: string } {
  requireAccountAccess(p, 'read_write');
  const client = ownClient(p, id);
  if (!p.account.world.fault('oauth-reset-secret-unchanged')) {
    let secret: string;
    do secret = newSecret();
    while (secret === client.secret || client.formerSecrets.has(secret));
    client.formerSecrets.add(client.secret);
    client.secret = secret;
  }
  return { client, secret: client.secret };
}

/**
 * The plaintext secret a response other than reset-secret may show: none. Only reset-secret returns
 * the secret (the document's rule), so a new client has no usable secret until its first reset.
 */
export function shownSecret(world: World, client: OAuthClient): string | undefined {
  return world.fault('oauth-secret-exposed') ? client.secret : undefined;
}

// ---- Thumbnails ----

/** Stores the thumbnail of a client the caller's account owns. */
export function setThumbnail(p: Principal, id: string, image: Thumbnail): OAuthClient {
  requireAccountAccess(p, 'read_write');
  const { world } = p.account;
  const anyAccount = world.fault('oauth-thumbnail-any-account');
  const client = anyAccount ? worldClients(world).byId.get(id) : ownClient(p, id);
  if (!client) throw notFound('OAuth client not found');
  if (!world.fault('oauth-thumbnail-not-stored')) {
    client.thumbnail = { contentType: image.contentType, bytes: image.bytes };
  }
  return client;
}

/** The thumbnail of any client, for anyone: no authentication is involved. */
export function getThumbnail(world: World, id: string): Thumbnail {
  const thumbnail = worldClients(world).byId.get(id)?.thumbnail;
  if (!thumbnail) throw notFound('Thumbnail not found');
  return thumbnail;
}

// ---- Hooks for {auth_url}, which the reference server does not serve ----

/** Whether {auth_url} accepts a client ID and secret: only the current secret of an existing client. */
export function clientCredentialsAccepted(world: World, id: string, secret: string): boolean {
  const client = worldClients(world).byId.get(id);
  if (!client) return false;
  return client.secret === secret || (world.fault('oauth-old-secret-kept') && client.formerSecrets.has(secret));
}

/** Issues an API token to a user through a client (what {auth_url} would do), so deleting the client revokes it. */
export function issueClientToken(
  world: World,
  id: string,
  account: Account,
  username: string,
  scopes: Iterable<Scope | '*'>,
): string {
  const clients = worldClients(world);
  if (!clients.byId.has(id)) throw notFound('OAuth client not found');
  const token = world.issueToken(account, username, scopes);
  let tokens = clients.tokensByClient.get(id);
  if (!tokens) {
    tokens = new Set();
    clients.tokensByClient.set(id, tokens);
  }
  tokens.add(token);
  return token;
}
