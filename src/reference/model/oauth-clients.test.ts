// Unit tests of the OAuth clients model: client lifecycle, the secret and its reset, credential and token upkeep, thumbnails, account_access for restricted users, and the faults.

import { describe, expect, test } from 'vitest';
import { errorKind } from '../test-support/model-errors.js';
import { accountAccessUser, ownerAndStranger, ownerWorld } from '../test-support/principals.js';
import {
  type ClientInput,
  clientCredentialsAccepted,
  createClient,
  deleteClient,
  getClient,
  getThumbnail,
  issueClientToken,
  listClients,
  resetSecret,
  setThumbnail,
  shownSecret,
  updateClient,
} from './oauth-clients.js';

const input = (extra: Partial<ClientInput> = {}): ClientInput => ({
  label: 'my app',
  redirect_uri: 'https://app.example.com/callback',
  ...extra,
});

const image = { contentType: 'image/png', bytes: new Uint8Array([137, 80, 78, 71]) };

describe('create, view, list, update', () => {
  test('a created client has a 20-hex-character string ID, the stored fields and is not public by default', () => {
    const { owner } = ownerWorld();
    const c = createClient(owner, input());
    expect(c.id).toMatch(/^[0-9a-f]{20}$/);
    expect(c).toMatchObject({ label: 'my app', redirect_uri: 'https://app.example.com/callback', public: false });
    expect(getClient(owner, c.id)).toBe(c);
    expect(listClients(owner)).toEqual([c]);
  });

  test('public is stored when given', () => {
    const { owner } = ownerWorld();
    expect(createClient(owner, input({ public: true })).public).toBe(true);
  });

  test('client IDs are unique', () => {
    const { owner } = ownerWorld();
    const ids = new Set(Array.from({ length: 50 }, () => createClient(owner, input()).id));
    expect(ids.size).toBe(50);
  });

  test('update changes only the given fields', () => {
    const { owner } = ownerWorld();
    const c = createClient(owner, input());
    updateClient(owner, c.id, { label: 'renamed' });
    expect(getClient(owner, c.id)).toMatchObject({
      label: 'renamed',
      redirect_uri: 'https://app.example.com/callback',
    });
    updateClient(owner, c.id, { public: true, redirect_uri: 'https://other.example.com/' });
    expect(getClient(owner, c.id)).toMatchObject({ label: 'renamed', public: true });
    expect(getClient(owner, c.id).redirect_uri).toBe('https://other.example.com/');
  });

  test("another account's clients are neither listed nor reachable", () => {
    const { owner, stranger } = ownerAndStranger();
    const c = createClient(owner, input());
    expect(listClients(stranger)).toEqual([]);
    expect(errorKind(() => getClient(stranger, c.id))).toBe('not-found');
    expect(errorKind(() => updateClient(stranger, c.id, { label: 'x' }))).toBe('not-found');
    expect(errorKind(() => deleteClient(stranger, c.id))).toBe('not-found');
    expect(errorKind(() => resetSecret(stranger, c.id))).toBe('not-found');
  });

  test('unknown IDs are not found', () => {
    const { owner } = ownerWorld();
    expect(errorKind(() => getClient(owner, '0123456789abcdef0123'))).toBe('not-found');
  });
});

describe('the secret', () => {
  test('no operation but reset-secret shows it', () => {
    const { world, owner } = ownerWorld();
    const c = createClient(owner, input());
    expect(shownSecret(world, c)).toBeUndefined();
  });

  test('a reset returns a new secret, never one the client had, and only the current one is accepted', () => {
    const { world, owner } = ownerWorld();
    const c = createClient(owner, input());
    const first = resetSecret(owner, c.id).secret;
    const second = resetSecret(owner, c.id).secret;
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(second).not.toBe(first);
    expect(clientCredentialsAccepted(world, c.id, second)).toBe(true);
    expect(clientCredentialsAccepted(world, c.id, first)).toBe(false);
  });

  test('after a delete the credentials are refused and tokens issued to the client are revoked', () => {
    const { world, account, owner } = ownerWorld();
    const c = createClient(owner, input());
    const { secret } = resetSecret(owner, c.id);
    const token = issueClientToken(world, c.id, account, 'owner', ['account:read_only']);
    const unrelated = world.issueToken(account, 'owner', ['*']);
    expect(world.principal(token)).toBeDefined();
    deleteClient(owner, c.id);
    expect(clientCredentialsAccepted(world, c.id, secret)).toBe(false);
    expect(world.principal(token)).toBeUndefined();
    expect(world.principal(unrelated)).toBeDefined();
    expect(errorKind(() => getClient(owner, c.id))).toBe('not-found');
    expect(listClients(owner)).toEqual([]);
  });

  test('tokens cannot be issued to an unknown client', () => {
    const { world, account } = ownerWorld();
    expect(errorKind(() => issueClientToken(world, 'nope', account, 'owner', ['*']))).toBe('not-found');
  });
});

describe('thumbnails', () => {
  test('an uploaded thumbnail is served to anyone by client ID', () => {
    const { world, owner } = ownerWorld();
    const c = createClient(owner, input());
    expect(errorKind(() => getThumbnail(world, c.id))).toBe('not-found');
    setThumbnail(owner, c.id, image);
    expect(getThumbnail(world, c.id)).toEqual(image);
  });

  test("only the owning account may upload a client's thumbnail", () => {
    const { world, owner, stranger } = ownerAndStranger();
    const c = createClient(owner, input());
    expect(errorKind(() => setThumbnail(stranger, c.id, image))).toBe('not-found');
    expect(errorKind(() => getThumbnail(world, c.id))).toBe('not-found');
  });

  test("a deleted client's thumbnail is gone", () => {
    const { world, owner } = ownerWorld();
    const c = createClient(owner, input());
    setThumbnail(owner, c.id, image);
    deleteClient(owner, c.id);
    expect(errorKind(() => getThumbnail(world, c.id))).toBe('not-found');
  });
});

describe('restricted users', () => {
  test('without account_access a restricted user can neither read nor change clients', () => {
    const { world, owner } = ownerWorld();
    const c = createClient(owner, input());
    const rita = accountAccessUser(world, owner, null);
    expect(errorKind(() => listClients(rita))).toBe('forbidden');
    expect(errorKind(() => getClient(rita, c.id))).toBe('forbidden');
    expect(errorKind(() => createClient(rita, input()))).toBe('forbidden');
  });

  test('account_access read_only reads; read_write also changes', () => {
    const { world, owner } = ownerWorld();
    const c = createClient(owner, input());
    const reader = accountAccessUser(world, owner, 'read_only');
    expect(getClient(reader, c.id)).toBe(c);
    expect(errorKind(() => updateClient(reader, c.id, { label: 'x' }))).toBe('forbidden');
    expect(errorKind(() => resetSecret(reader, c.id))).toBe('forbidden');
    expect(errorKind(() => setThumbnail(reader, c.id, image))).toBe('forbidden');
    const writer = accountAccessUser(world, owner, 'read_write');
    expect(updateClient(writer, c.id, { label: 'x' }).label).toBe('x');
    expect(createClient(writer, input()).id).toMatch(/^[0-9a-f]{20}$/);
  });
});

describe('faults', () => {
  test('oauth-secret-exposed shows the secret everywhere', () => {
    const { world, owner } = ownerWorld(['oauth-secret-exposed']);
    const c = createClient(owner, input());
    expect(shownSecret(world, c)).toBe(c.secret);
  });

  test('oauth-public-default-true makes new clients public', () => {
    const { owner } = ownerWorld(['oauth-public-default-true']);
    expect(createClient(owner, input()).public).toBe(true);
  });

  test('oauth-client-id-unviewable answers an ID the client cannot be viewed under', () => {
    const { owner } = ownerWorld(['oauth-client-id-unviewable']);
    const c = createClient(owner, input());
    expect(errorKind(() => getClient(owner, c.id))).toBe('not-found');
  });

  test('oauth-reset-secret-unchanged keeps the secret', () => {
    const { owner } = ownerWorld(['oauth-reset-secret-unchanged']);
    const c = createClient(owner, input());
    expect(resetSecret(owner, c.id).secret).toBe(resetSecret(owner, c.id).secret);
  });

  test('oauth-old-secret-kept accepts an expired secret', () => {
    const { world, owner } = ownerWorld(['oauth-old-secret-kept']);
    const c = createClient(owner, input());
    const old = resetSecret(owner, c.id).secret;
    resetSecret(owner, c.id);
    expect(clientCredentialsAccepted(world, c.id, old)).toBe(true);
  });

  test('oauth-delete-keeps-tokens leaves issued tokens valid', () => {
    const { world, account, owner } = ownerWorld(['oauth-delete-keeps-tokens']);
    const c = createClient(owner, input());
    const token = issueClientToken(world, c.id, account, 'owner', ['*']);
    deleteClient(owner, c.id);
    expect(world.principal(token)).toBeDefined();
  });

  test('delete-keeps-item and update-ignored', () => {
    const kept = ownerWorld(['delete-keeps-item']);
    const c = createClient(kept.owner, input());
    deleteClient(kept.owner, c.id);
    expect(getClient(kept.owner, c.id)).toBe(c);
    const ignored = ownerWorld(['update-ignored']);
    const d = createClient(ignored.owner, input());
    expect(updateClient(ignored.owner, d.id, { label: 'new' }).label).toBe('my app');
  });

  test('oauth-thumbnail-not-stored drops the upload', () => {
    const { world, owner } = ownerWorld(['oauth-thumbnail-not-stored']);
    const c = createClient(owner, input());
    setThumbnail(owner, c.id, image);
    expect(errorKind(() => getThumbnail(world, c.id))).toBe('not-found');
  });

  test("oauth-thumbnail-any-account accepts an upload for another account's client", () => {
    const { world, owner, stranger } = ownerAndStranger(['oauth-thumbnail-any-account']);
    const c = createClient(owner, input());
    setThumbnail(stranger, c.id, image);
    expect(getThumbnail(world, c.id)).toEqual(image);
  });

  test('account-access-ignored lets a restricted user without account_access manage clients', () => {
    const { world, owner } = ownerWorld(['account-access-ignored']);
    const rita = accountAccessUser(world, owner, null);
    expect(createClient(rita, input()).label).toBe('my app');
  });
});
