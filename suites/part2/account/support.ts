// Helpers the written procedures of Part 2 share: operations by id, an account of the test's own, and instances made on it and removed afterwards.

import { opOf } from '../../../spec/index.js';
import type { Exchange, Kit } from '../../support/author.js';

export type Json = Record<string, unknown>;

export { opOf };

/** Send options acting as another account's owner; the run's token when `token` is undefined. */
export const as = (token: string | undefined) => (token ? { token } : {});

export const jsonOf = (e: Exchange) => e.response?.json as Json | undefined;

/** The owner token of a throwaway account, so that account-wide changes touch no other test; undefined without one. */
export async function ownAccount(kit: Kit): Promise<string | undefined> {
  return (await kit.session.throwaway())?.config.token;
}

/** A long random root password, which any strength estimator accepts (DECISIONS 11). */
const rootPass = (kit: Kit) => `Cc!${kit.session.nextSeed().toString(36)}-Vq7#Lm2$xR9@wZ4`;

/** A valid Instance Create body from an image, with `extra` fields on top. */
export function instanceBody(kit: Kit, extra: Json = {}): Json {
  const { config } = kit.session;
  return {
    region: config.regions[0] ?? '',
    type: config.types[0] ?? '',
    image: config.images[0] ?? '',
    label: `${config.labelPrefix}-i${kit.session.nextSeed() % 100000}`,
    root_pass: rootPass(kit),
    ...extra,
  };
}

/** Instances a test made, per account token, so that it deletes them when it ends. */
export class Instances {
  private readonly made: { id: number; token: string | undefined }[] = [];
  private readonly undo: (() => Promise<unknown>)[] = [];

  constructor(private readonly kit: Kit) {}

  /** Creates an instance as `token`'s account; the exchange, and the record when it was created. */
  async create(token: string | undefined, extra: Json = {}): Promise<{ e: Exchange; record?: Json }> {
    const e = await this.kit.send(opOf('instances/create'), { body: instanceBody(this.kit, extra), ...as(token) });
    const record = jsonOf(e);
    if (e.response?.status !== 200 || typeof record?.id !== 'number') return { e };
    this.made.push({ id: record.id, token });
    return { e, record };
  }

  /** Deletes `id` as `token`'s account from now on (an instance that moved there). */
  adopt(id: number, token: string | undefined): void {
    for (const m of this.made) if (m.id === id) m.token = token;
  }

  /** Runs `step` before the instances are deleted (a transfer naming them is canceled first). */
  beforeRemove(step: () => Promise<unknown>): void {
    this.undo.push(step);
  }

  /** Deletes what was made (an instance that moved to another account answers 404, which is fine). */
  async remove(): Promise<void> {
    for (const step of this.undo.splice(0)) await step();
    for (const { id, token } of this.made.splice(0)) {
      await this.kit.session.send(opOf('instances/delete'), { params: { nodeId: id }, ...as(token) });
    }
  }
}

/** Runs `body` with an Instances keeper and deletes the instances afterwards, also after a failure. */
export async function withInstances(kit: Kit, body: (instances: Instances) => Promise<void>): Promise<void> {
  const instances = new Instances(kit);
  try {
    await body(instances);
  } finally {
    await instances.remove();
  }
}
