// Procedures on the account record and its settings written from prose: what an update keeps, an empty tax id, and an unknown region's availability.

import {
  acceptedWith2xx,
  conventionalStatus,
  fieldEquals,
  hintsFor,
  type Kit,
  sampleOne,
  validBody,
  type WrittenContext,
} from '../../support/author.js';
import { as, type Json, jsonOf, opOf, ownAccount } from './support.js';

const VIEW = opOf('account/view');
const UPDATE = opOf('account/update');
const SETTINGS_VIEW = opOf('account/settings/view');
const SETTINGS_UPDATE = opOf('account/settings/update');

type Settings = { backups_enabled: boolean; network_helper: boolean };
const SETTINGS = ['backups_enabled', 'network_helper'] as const;

async function viewed(kit: Kit, op: typeof VIEW, token: string | undefined, what: string): Promise<Json> {
  const e = await kit.send(op, as(token));
  const record = jsonOf(e);
  if (e.response?.status !== 200 || !record) return kit.skip(`${what} could not be read`);
  return record;
}

/** Puts back the stored values of the fields a test sent; restores the run's account when no throwaway one was used. */
async function restoreFields(kit: Kit, op: typeof UPDATE, before: Json, sent: Json, token: string | undefined) {
  const original = Object.fromEntries(Object.keys(sent).flatMap((k) => (k in before ? [[k, before[k]]] : [])));
  if (Object.keys(original).length > 0) await kit.session.send(op, { body: original, ...as(token) });
}

export async function updatePersisted({ kit }: WrittenContext) {
  const token = await ownAccount(kit);
  const before = await viewed(kit, VIEW, token, 'the account');
  const body = sampleOne(validBody(UPDATE, hintsFor(kit.session, UPDATE)), kit.session.nextSeed()) as Json;
  // All fields are optional: an empty body would show nothing.
  if (Object.keys(body).length === 0) body.first_name = 'Grace';
  try {
    const e = await kit.send(UPDATE, { body, ...as(token) });
    if (!kit.check(acceptedWith2xx(e), 'a valid Account Update')) return;
    const view = await kit.send(VIEW, as(token));
    const why = 'Account View reports each field of an accepted Account Update with the value sent.';
    for (const [field, value] of Object.entries(body)) kit.check(fieldEquals(view, field, value, why), field);
  } finally {
    await restoreFields(kit, UPDATE, before, body, token);
  }
}

export async function taxIdEmptyAccepted({ kit }: WrittenContext) {
  const token = await ownAccount(kit);
  const before = await viewed(kit, VIEW, token, 'the account');
  const body = { tax_id: '' };
  try {
    const e = await kit.send(UPDATE, { body, ...as(token) });
    kit.check(acceptedWith2xx(e), 'Account Update with an empty tax_id');
  } finally {
    await restoreFields(kit, UPDATE, before, body, token);
  }
}

export async function unknownRegion({ kit }: WrittenContext) {
  const params = { id: `${kit.session.config.labelPrefix}-no-such-region` };
  const e = await kit.send(opOf('account/availability/view'), { params });
  kit.check(conventionalStatus(e, 404), 'availability of a region id that does not exist');
}

/** The settings as stored, skipping when the record does not show both as booleans. */
async function settingsOf(kit: Kit, token: string | undefined): Promise<Settings> {
  const record = await viewed(kit, SETTINGS_VIEW, token, 'the account settings');
  if (SETTINGS.some((name) => typeof record[name] !== 'boolean')) {
    return kit.skip('the settings record does not show backups_enabled and network_helper as booleans');
  }
  return record as unknown as Settings;
}

/** Runs `body` on the settings of a throwaway account (else the run's), restoring them afterwards. */
async function onSettings(kit: Kit, body: (token: string | undefined, before: Settings) => Promise<void>) {
  const token = await ownAccount(kit);
  const before = await settingsOf(kit, token);
  try {
    await body(token, before);
  } finally {
    const original = { backups_enabled: before.backups_enabled, network_helper: before.network_helper };
    await kit.session.send(SETTINGS_UPDATE, { body: original, ...as(token) });
  }
}

export async function settingsPersisted({ kit }: WrittenContext) {
  await onSettings(kit, async (token, before) => {
    const body = { backups_enabled: !before.backups_enabled, network_helper: !before.network_helper };
    const e = await kit.send(SETTINGS_UPDATE, { body, ...as(token) });
    if (!kit.check(acceptedWith2xx(e), 'an Account Settings Update flipping both settings')) return;
    const view = await kit.send(SETTINGS_VIEW, as(token));
    const why = 'Account Settings View reports each setting of an accepted update with the value sent.';
    for (const name of SETTINGS) kit.check(fieldEquals(view, name, body[name], why), name);
  });
}

/** Each setting in turn is left out of an update that changes the other; it keeps its value (true, so a reset shows). */
export async function settingsOmittedUnchanged({ kit }: WrittenContext) {
  await onSettings(kit, async (token) => {
    for (const kept of SETTINGS) {
      const other = SETTINGS.find((name) => name !== kept) ?? kept;
      const setUp = await kit.send(SETTINGS_UPDATE, {
        body: { backups_enabled: true, network_helper: true },
        ...as(token),
      });
      if (!kit.check(acceptedWith2xx(setUp), 'turning both settings on')) return;
      const e = await kit.send(SETTINGS_UPDATE, { body: { [other]: false }, ...as(token) });
      if (!kit.check(acceptedWith2xx(e), `an update of ${other} alone`)) return;
      const view = await kit.send(SETTINGS_VIEW, as(token));
      const why = `A setting omitted from the update keeps its value: ${kept} was true before.`;
      kit.check(fieldEquals(view, kept, true, why), `${kept} after an update of ${other} alone`);
    }
  });
}
