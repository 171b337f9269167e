// Rules across records and fields that generated bodies cannot break alone: unique credential labels, and region with private addresses only.

import {
  acceptedWith2xx,
  type CheckResult,
  type Exchange,
  type Fixtures,
  type Kit,
  refusedBeside,
  rejectedWith4xx,
  type WrittenContext,
} from '../../support/author.js';
import { operation } from '../stackscripts/list-all.js';
import { bodyFor, createManaged, ops, record, runLabel } from './common.js';

const LABEL_MAX = 75;
const revoke = { op: ops.credentialRevoke, param: 'credentialId' };
const removeService = { op: ops.serviceDelete, param: 'serviceId' };
const serviceUpdate = operation('managed/services/update');

/** A private address in 10.0.0.0/8 and a public one (example.com resolves to no private range). */
const PRIVATE_ADDRESS = 'http://10.20.30.40/health';
const PUBLIC_ADDRESS = 'https://example.com/health';

/** What a request refused by a rule may have created anyway is removed at the end. */
function trackIfCreated(fixtures: Fixtures, e: Exchange, remove: typeof revoke) {
  const id = record(e)?.id;
  if (e.response?.status === 200 && typeof id === 'number') fixtures.track(remove.op, { [remove.param]: id });
}

const credential = (kit: Kit, fixtures: Fixtures, label: string) =>
  createManaged(kit, fixtures, ops.credentialCreate, revoke, { label });

export async function credentialLabelUniqueOnCreate({ kit, fixtures }: WrittenContext) {
  const label = runLabel(kit, LABEL_MAX);
  await credential(kit, fixtures, label);
  const create = async (l: string) => {
    const e = await kit.send(ops.credentialCreate, { body: { label: l, password: 'cc-Vq7#Lp2!zR9x-second' } });
    trackIfCreated(fixtures, e, revoke);
    return e;
  };
  const free = runLabel(kit, LABEL_MAX);
  await refusedBeside(kit, await create(label), 'a second credential with the same label', {
    what: `the same credential labelled ${free}, a label no credential has`,
    send: () => create(free),
  });
}

export async function credentialLabelUniqueOnUpdate({ kit, fixtures }: WrittenContext) {
  const taken = runLabel(kit, LABEL_MAX);
  await credential(kit, fixtures, taken);
  const other = await credential(kit, fixtures, runLabel(kit, LABEL_MAX));
  const relabel = (label: string) =>
    kit.send(ops.credentialUpdate, { params: { credentialId: other.id }, body: { label } });
  const free = runLabel(kit, LABEL_MAX);
  await refusedBeside(kit, await relabel(taken), "relabelling a credential with another credential's label", {
    what: `relabelling it ${free}, a label no credential has`,
    send: () => relabel(free),
  });
}

/** Region only with a private address: the two broken combinations are refused, the right one accepted. */
export async function regionIffPrivateOnCreate({ kit, fixtures }: WrittenContext) {
  const region = kit.session.config.regions[0];
  if (!region) return kit.skip('no region of the target is configured');
  const cases: [string, Record<string, unknown>, (e: Exchange) => CheckResult][] = [
    ['a private address without region', { address: PRIVATE_ADDRESS, region: undefined }, rejectedWith4xx],
    ['a public address with a region', { address: PUBLIC_ADDRESS, region }, rejectedWith4xx],
    ['a private address with a region', { address: PRIVATE_ADDRESS, region }, acceptedWith2xx],
  ];
  for (const [name, overrides, check] of cases) {
    const e = await kit.send(ops.serviceCreate, { body: bodyFor(kit, ops.serviceCreate, overrides) });
    trackIfCreated(fixtures, e, removeService);
    kit.check(check(e), name);
  }
}

/** On update the rule holds for the address and region the service ends up with. */
export async function regionIffPrivateOnUpdate({ kit, fixtures }: WrittenContext) {
  const region = kit.session.config.regions[0];
  if (!region) return kit.skip('no region of the target is configured');
  const { id } = await createManaged(kit, fixtures, ops.serviceCreate, removeService, {
    address: PUBLIC_ADDRESS,
    region: undefined,
  });
  const update = (body: Record<string, unknown>) => kit.send(serviceUpdate, { params: { serviceId: id }, body });
  kit.check(rejectedWith4xx(await update({ address: PRIVATE_ADDRESS })), 'a private address and no region');
  kit.check(rejectedWith4xx(await update({ region })), 'a region with the public address');
  kit.check(acceptedWith2xx(await update({ address: PRIVATE_ADDRESS, region })), 'a private address with a region');
}
