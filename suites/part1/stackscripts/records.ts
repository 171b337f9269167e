// What the StackScript record reports: the script as last written, the creating user, and deployment counters.

import { acceptedWith2xx, fieldEquals, type Kit, type WrittenContext } from '../../support/author.js';
import { createScript, record, updateScript, viewScript } from './common.js';
import { createInstance, deleteInstance } from './instances.js';

const scriptText = (kit: Kit, step: string) =>
  `#!/bin/bash\n# ${kit.session.config.labelPrefix} ${kit.session.nextSeed()}\necho "${step}"\n`;

export async function scriptContent({ kit, fixtures }: WrittenContext) {
  const first = scriptText(kit, 'first');
  const { id } = await createScript(kit, { fixtures, overrides: { script: first } });
  const why = 'StackScript View returns the script as last written.';
  kit.check(fieldEquals(await viewScript(kit, id), 'script', first, why), 'view after create');
  const second = scriptText(kit, 'second');
  if (!kit.check(acceptedWith2xx(await updateScript(kit, id, { script: second })), 'update of the script')) return;
  kit.check(fieldEquals(await viewScript(kit, id), 'script', second, why), 'view after update');
}

/** Created by one user of the account and then updated by another: `username` stays the creator's. */
export async function usernameIsCreator({ kit, fixtures }: WrittenContext) {
  const creator = await kit.session.credential({ key: 'stackscripts:creator' });
  const editor = await kit.session.credential({ key: 'stackscripts:editor' });
  if (!creator || !editor) {
    return kit.skip(
      "needs two users of the account (minted through the control interface) to tell the creator from a later editor; the documents show no way to read the caller's own username",
    );
  }
  const made = await createScript(kit, { who: creator, fixtures });
  const why = '`username` names the user who created the StackScript.';
  kit.check(fieldEquals(made.exchange, 'username', creator.username, why), 'create response');
  const edit = await updateScript(kit, made.id, { description: 'edited by another user' }, editor.token);
  if (!kit.check(acceptedWith2xx(edit), 'update by another user of the account')) return;
  kit.check(fieldEquals(await viewScript(kit, made.id), 'username', creator.username, why), 'view after the update');
}

/** How long a counter may take to follow an instance create or delete: 20 polls, 250 ms apart. */
const SETTLE_POLLS = 20;
const SETTLE_MS = 250;

/**
 * Polls the StackScript up to `polls` times until `field` has the expected value (an instance delete
 * may take a moment), then checks it.
 */
async function expectCounter(kit: Kit, id: number, field: string, expected: number, when: string, polls: number) {
  let view = await viewScript(kit, id);
  for (let i = 0; i < polls && record(view)?.[field] !== expected; i += 1) {
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    view = await viewScript(kit, id);
  }
  kit.check(fieldEquals(view, field, expected, `\`${field}\` counts the deployments of the StackScript.`), when);
}

/**
 * A fresh StackScript counts 0, 1 once an instance is deployed from it, and `afterDelete` once that
 * instance is gone. A target whose control interface says actions settle before the response is read
 * once each time: waiting there would only delay the failure of a counter that is wrong.
 */
async function deploymentCounter(ctx: WrittenContext, field: string, afterDelete: number) {
  const { kit, fixtures } = ctx;
  const polls = (await kit.session.actionDelayMs()) === 0 ? 0 : SETTLE_POLLS;
  const { id } = await createScript(kit, { fixtures });
  await expectCounter(kit, id, field, 0, 'a new StackScript', polls);
  const node = await createInstance(kit, fixtures, { stackscript_id: id });
  await expectCounter(kit, id, field, 1, 'after one instance was deployed from it', polls);
  if (!kit.check(acceptedWith2xx(await deleteInstance(kit, node.id)), 'Instance Delete')) return;
  await expectCounter(kit, id, field, afterDelete, 'after that instance was deleted', polls);
}

export const deploymentsActive = (ctx: WrittenContext) => deploymentCounter(ctx, 'deployments_active', 0);

export const deploymentsTotal = (ctx: WrittenContext) => deploymentCounter(ctx, 'deployments_total', 1);
