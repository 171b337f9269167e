// Procedures on the account-wide defaults written from prose: backup enrollment and the network helper of new instances and configuration profiles, judged on a throwaway account.

import { acceptedWith2xx, type Kit, recordValueEquals, valueAt, type WrittenContext } from '../../support/author.js';
import { type Instances, type Json, jsonOf, opOf, ownAccount, withInstances } from './support.js';

const SETTINGS_UPDATE = opOf('account/settings/update');
/** Where the instance record shows its backup enrollment. */
const ENROLLED = 'backups.enabled';
const NETWORK_HELPER = 'helpers.network';

/**
 * A throwaway account with the setting given: changing the run's account would change the
 * instances other tests create meanwhile.
 */
async function accountWith(kit: Kit, settings: Json): Promise<string> {
  const token = await ownAccount(kit);
  if (!token) return kit.skip('needs a throwaway account whose settings no other test reads (control interface)');
  const e = await kit.send(SETTINGS_UPDATE, { body: settings, token });
  const status = e.response?.status ?? 0;
  if (status < 200 || status >= 300) return kit.skip(`the settings update ${JSON.stringify(settings)} was refused`);
  return token;
}

/** Creates an instance and judges its enrollment; skips when no instance can be made or the record does not show it. */
async function judgeEnrollment(
  kit: Kit,
  instances: Instances,
  token: string,
  extra: Json,
  expected: boolean,
  why: string,
): Promise<void> {
  const made = await instances.create(token, extra);
  if (!made.record) return kit.skip(`an instance could not be created (${made.e.response?.status ?? 'no answer'})`);
  if (typeof valueAt(made.record, ENROLLED) !== 'boolean') {
    return kit.skip(`the instance record does not show \`${ENROLLED}\``);
  }
  const context = `an instance created with ${JSON.stringify(extra)}`;
  kit.check(recordValueEquals(made.record, ENROLLED, expected, why, made.e), context);
}

export async function backupsEnabledEnrolls({ kit }: WrittenContext) {
  const token = await accountWith(kit, { backups_enabled: true });
  const why = 'While backups_enabled is true, every new instance is enrolled in the backup service.';
  await withInstances(kit, async (instances) => {
    await judgeEnrollment(kit, instances, token, {}, true, why);
    await judgeEnrollment(kit, instances, token, { backups_enabled: false }, true, why);
  });
}

export async function backupsDisabledLeaves({ kit }: WrittenContext) {
  const token = await accountWith(kit, { backups_enabled: false });
  await withInstances(kit, async (instances) => {
    const notAsked = 'While backups_enabled is false, an instance not asking for backups is not enrolled.';
    await judgeEnrollment(kit, instances, token, {}, false, notAsked);
    const asked = 'While backups_enabled is false, an instance asking for backups at creation is enrolled.';
    await judgeEnrollment(kit, instances, token, { backups_enabled: true }, true, asked);
  });
}

export async function networkHelperDefault({ kit }: WrittenContext) {
  const token = await accountWith(kit, { network_helper: true });
  const why = 'While network_helper is true, new instances and profiles have the network helper on by default.';
  await withInstances(kit, async (instances) => {
    const made = await instances.create(token);
    const nodeId = made.record?.id as number | undefined;
    if (nodeId === undefined) return kit.skip(`an instance could not be created (${made.e.response?.status})`);
    const list = await kit.send(opOf('configs/list'), { params: { nodeId }, token });
    const profiles = (jsonOf(list)?.data as Json[] | undefined) ?? [];
    for (const p of profiles) kit.check(recordValueEquals(p, NETWORK_HELPER, true, why, list), `profile ${p.id}`);
    const disks = await kit.send(opOf('disks/list'), { params: { nodeId }, token });
    const disk = (jsonOf(disks)?.data as Json[] | undefined)?.[0]?.id;
    if (disk === undefined) {
      if (profiles.length === 0) kit.skip('the new instance has neither a profile nor a disk for one');
      return;
    }
    const body = { label: 'cc-helper', devices: { sda: { disk_id: disk } } };
    const created = await kit.send(opOf('configs/create'), { params: { nodeId }, body, token });
    if (!kit.check(acceptedWith2xx(created), 'a profile created without helpers')) return;
    kit.check(recordValueEquals(jsonOf(created), NETWORK_HELPER, true, why, created), 'the profile created');
  });
}
