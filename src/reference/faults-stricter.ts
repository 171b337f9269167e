// Faults of a server stricter than the documents, where the reference server itself was until a fuzzer found it (issue 28 item 7): an email domain of one label refused, a `null` member of free JSON refused. Each breaks the accepting side of the format or type requirement of every field it concerns, read from spec/.

import { requirementId, walkFields } from '../../spec/derive.js';
import { isObject, memberValue } from '../../spec/evaluate.js';
import { operations, requirementById } from '../../spec/index.js';
import type { Field, Operation } from '../../spec/types.js';
import { faultsOf } from './faults/define.js';

/** A stricter reading of one field kind: which fields it concerns, the rule it refuses under, and what it refuses. */
interface Reading {
  concerns: (f: Field) => boolean;
  rule: 'format' | 'type';
  refuses: (value: unknown) => string | undefined;
}

const readings = {
  'email-one-label-domain-refused': {
    concerns: (f) => f.format === 'email',
    rule: 'format',
    refuses: (v) =>
      typeof v === 'string' && /@[^.@[\]]+$/.test(v) ? 'must be of format email (a dotted domain)' : undefined,
  },
  'json-null-member-refused': {
    concerns: (f) => f.type === 'object' && f.values?.type === 'any',
    rule: 'type',
    refuses: (v) => (isObject(v) && Object.values(v).some((m) => m === null) ? 'members must not be null' : undefined),
  },
} satisfies Record<string, Reading>;

type StricterFault = keyof typeof readings;

/** The derived requirements a reading breaks: its rule on every body field it concerns. */
const breaks = (reading: Reading): string[] =>
  operations.flatMap((op) =>
    op.body?.kind === 'json'
      ? walkFields(op.body.fields)
          .filter((w) => reading.concerns(w.field))
          .map((w) => requirementId({ operation: op.id, kind: 'field-rule', path: w.path, rule: reading.rule }))
          .filter((id) => requirementById.has(id))
      : [],
  );

export const stricterFaults = [
  faultsOf('users')(
    'email-one-label-domain-refused',
    'format',
    'refuses an email address whose domain has one label (`a@example`, `ops@localhost`), which an RFC 5321 mailbox allows',
    breaks(readings['email-one-label-domain-refused']),
  ),
  faultsOf('instances')(
    'json-null-member-refused',
    'type',
    'refuses `stackscript_data` holding a member whose value is `null`, which is valid JSON',
    breaks(readings['json-null-member-refused']),
  ),
];

/** What a server with the stricter faults switched on refuses in a body the encoding accepts: one item per field. */
export function stricterRefusals(
  fault: (name: StricterFault) => boolean,
  op: Operation,
  body: Record<string, unknown>,
): { field: string; reason: string }[] {
  if (op.body?.kind !== 'json') return [];
  // Named one by one, so the catalogue's self-test finds each fault in the code.
  const on: Record<StricterFault, boolean> = {
    'email-one-label-domain-refused': fault('email-one-label-domain-refused'),
    'json-null-member-refused': fault('json-null-member-refused'),
  };
  const out: { field: string; reason: string }[] = [];
  for (const [name, reading] of Object.entries(readings) as [StricterFault, Reading][]) {
    if (!on[name]) continue;
    for (const w of walkFields(op.body.fields).filter((x) => reading.concerns(x.field))) {
      const reason = reading.refuses(memberValue(body, w.path));
      if (reason) out.push({ field: w.path, reason: `${w.path} ${reason}` });
    }
  }
  return out;
}
