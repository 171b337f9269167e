// Procedures of the response values the "Rules by purpose" table fixes: one profile with a public, a vlan and a vpc interface, read through the list and the view.

import { type Purpose, type PurposeRuleField, rulesByPurpose } from '../../../spec/part3/interfaces.js';
import { recordValueIn, type WrittenContext, type WrittenProcedure } from '../../support/author.js';
import { interfacesOf, type Json, newInstance, newSubnet, profile, viewInterface, vlanName } from './setup.js';

/** A profile holding one interface of each purpose; the records come from the list and from each view. */
async function onePerPurpose(ctx: WrittenContext) {
  const subnet = await newSubnet(ctx, '10.61.0.0/24');
  const nodeId = await newInstance(ctx);
  const configId = await profile(ctx, nodeId, [
    { purpose: 'public' },
    { purpose: 'vlan', label: vlanName(ctx, 1), ipam_address: '10.62.0.5/24' },
    { purpose: 'vpc', subnet_id: subnet.subnetId, ipv4: { nat_1_1: 'any' } },
  ]);
  const list = await interfacesOf(ctx, nodeId, configId);
  return { nodeId, configId, list };
}

/**
 * `path` of every `purpose` interface reads `expected`; where the cell concerns an `ipv4` member,
 * `ipv4` itself may be null instead.
 */
function responseValue(purpose: Purpose, path: PurposeRuleField, expected: unknown): WrittenProcedure {
  return async (ctx) => {
    const { nodeId, configId, list } = await onePerPurpose(ctx);
    const mine = list.records.filter((r) => r.purpose === purpose);
    if (mine.length === 0) return ctx.kit.skip(`the profile shows no ${purpose} interface to read`);
    const why = `The rules by purpose fix \`${path}\` of a ${purpose} interface in responses to ${JSON.stringify(expected)}.`;
    for (const record of mine) {
      const view = await viewInterface(ctx, nodeId, configId, record.id);
      for (const [where, r, e] of [
        ['list', record, list.e],
        ['view', view.response?.json as Json | undefined, view],
      ] as const) {
        const nullIpv4 = path.startsWith('ipv4.') && r?.ipv4 === null;
        if (!nullIpv4) ctx.kit.check(recordValueIn(r, path, [expected], why, e), `${purpose} interface, ${where}`);
      }
    }
  };
}

/** The response-value requirements, from the table's cells. */
export const responseProcedures: Record<string, WrittenProcedure> = Object.fromEntries(
  (Object.keys(rulesByPurpose) as PurposeRuleField[]).flatMap((path) =>
    (Object.keys(rulesByPurpose[path]) as Purpose[]).flatMap((purpose) => {
      const cell = rulesByPurpose[path][purpose];
      const id = cell.requirements?.find((r) => r.endsWith('-response-null') || r.endsWith('-response-empty'));
      return id && 'response' in cell ? [[id, responseValue(purpose, path, cell.response)]] : [];
    }),
  ),
);
