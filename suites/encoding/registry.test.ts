// Self-tests of the requirement registry: unique stable ids, subjects that exist, consistent events, errors and exclusions.

import { describe, expect, test } from 'vitest';
import { walkFields } from '../../spec/derive.js';
import {
  errorCases,
  eventKinds,
  exclusions,
  operationById,
  operations,
  requirementById,
  requirements,
  resourceById,
  stateTables,
} from '../../spec/index.js';
import type { Field, Requirement } from '../../spec/types.js';

const ID_SHAPE = /^[a-z0-9][a-z0-9_.-]*(\/[a-z0-9][a-z0-9_.-]*)+$/;

const duplicates = (ids: string[]) => ids.filter((id, i) => ids.indexOf(id) !== i);

function resourceFieldExists(fields: Field[], path: string[]): boolean {
  const [head, ...rest] = path;
  const f = fields.find((x) => x.name === head);
  if (!f) return false;
  if (rest.length === 0) return true;
  const inner = f.fields ?? f.items?.fields ?? f.values?.fields ?? [];
  return resourceFieldExists(inner, rest);
}

function subjectProblem(r: Requirement): string | undefined {
  const s = r.subject;
  switch (s.kind) {
    case 'operation': {
      const op = operationById.get(s.operation);
      if (!op) return `unknown operation ${s.operation}`;
      if (!s.field) return undefined;
      const known = new Set([
        ...walkFields(op.body?.fields ?? []).map((w) => w.path),
        ...op.pathParams.map((p) => p.name),
        ...op.query.map((p) => p.name),
        ...(op.body?.notAccepted ?? []),
      ]);
      return known.has(s.field) ? undefined : `operation ${s.operation} has no field ${s.field}`;
    }
    case 'resource': {
      const res = resourceById.get(s.resource);
      if (!res) return `unknown resource ${s.resource}`;
      if (s.field && !resourceFieldExists(res.fields, s.field.split('.')))
        return `resource ${s.resource} has no field ${s.field}`;
      return undefined;
    }
    case 'state-table': {
      const table = stateTables.find((t) => t.id === s.table);
      if (!table) return `unknown state table ${s.table}`;
      if (s.transition && !table.transitions.some((t) => t.id === s.transition))
        return `state table ${s.table} has no transition ${s.transition}`;
      return undefined;
    }
    case 'event':
      return eventKinds.some((e) => e.action === s.action) ? undefined : `unknown event kind ${s.action}`;
    case 'convention':
      return undefined;
  }
}

describe('requirement registry', () => {
  test('requirement ids are unique', () => {
    expect(duplicates(requirements.map((r) => r.id))).toEqual([]);
  });

  test('requirement ids are stable slugs shaped like a path', () => {
    expect(requirements.map((r) => r.id).filter((id) => !ID_SHAPE.test(id))).toEqual([]);
  });

  test('every requirement has one readable sentence', () => {
    const bad = requirements.filter((r) => !/^[A-Z`{].*\.$/s.test(r.text) || r.text.length < 20).map((r) => r.id);
    expect(bad).toEqual([]);
  });

  test('every requirement points at an existing operation, field, state table, event or convention', () => {
    const problems = requirements.flatMap((r) => {
      const p = subjectProblem(r);
      return p ? [`${r.id}: ${p}`] : [];
    });
    expect(problems).toEqual([]);
  });

  test('a requirement from an operation starts with that operation id', () => {
    const bad = requirements
      .filter((r) => r.subject.kind === 'operation' && !r.id.startsWith(`${r.subject.operation}/`))
      .map((r) => r.id);
    expect(bad).toEqual([]);
  });
});

describe('operations', () => {
  test('operation ids are unique slugs', () => {
    expect(duplicates(operations.map((o) => o.id))).toEqual([]);
    expect(operations.map((o) => o.id).filter((id) => !ID_SHAPE.test(id))).toEqual([]);
  });

  test('(method, root, path) is unique', () => {
    expect(duplicates(operations.map((o) => `${o.method} ${o.root} ${o.path}`))).toEqual([]);
  });

  test('every operation has a scope, or says "none listed" or needs no authentication', () => {
    const bad = operations.filter((o) => (o.auth.token === 'none' ? o.auth.scope !== 'none' : o.auth.scope === 'none'));
    expect(bad.map((o) => o.id)).toEqual([]);
  });

  test('responses name resources that exist', () => {
    const missing = operations.flatMap((o) => {
      const r = o.response;
      const name = r.kind === 'envelope' || r.kind === 'array' ? r.item : r.kind === 'object' ? r.resource : undefined;
      return name && !resourceById.has(name) ? [`${o.id}: ${name}`] : [];
    });
    expect(missing).toEqual([]);
  });

  test('deprecated operations name replacements that exist', () => {
    const bad = operations.flatMap((o) =>
      o.status.kind === 'deprecated' ? o.status.replacement.filter((id) => !operationById.has(id)) : [],
    );
    expect(bad).toEqual([]);
  });
});

describe('events, state tables, errors and exclusions', () => {
  test('every event kind is emitted by operations that list it, and every listed emission has a kind', () => {
    const problems: string[] = [];
    for (const kind of eventKinds) {
      for (const id of kind.emittedBy) {
        const op = operationById.get(id);
        if (!op) problems.push(`${kind.action}: unknown operation ${id}`);
        else if (!op.events.some((e) => e.action === kind.action)) problems.push(`${id} does not list ${kind.action}`);
      }
    }
    for (const op of operations) {
      for (const e of op.events) {
        if (!eventKinds.some((k) => k.action === e.action && k.emittedBy.includes(op.id)))
          problems.push(`${op.id} emits ${e.action} but no event kind says so`);
      }
    }
    expect(problems).toEqual([]);
  });

  test('event kinds are declared once', () => {
    expect(duplicates(eventKinds.map((e) => e.action))).toEqual([]);
  });

  test('state table transitions are triggered by operations or named external triggers', () => {
    const bad = stateTables.flatMap((t) =>
      t.transitions
        .filter((tr) => !operationById.has(tr.trigger) && !tr.trigger.startsWith('external:'))
        .map((tr) => `${t.id}/${tr.id}: ${tr.trigger}`),
    );
    expect(bad).toEqual([]);
    expect(duplicates(stateTables.map((t) => t.id))).toEqual([]);
  });

  test('error cases name operations and requirements that exist', () => {
    const bad = errorCases.flatMap((e) => [
      ...e.operations.filter((id) => !operationById.has(id)).map((id) => `${e.id}: operation ${id}`),
      ...e.requirements.filter((id) => !requirementById.has(id)).map((id) => `${e.id}: requirement ${id}`),
    ]);
    expect(bad).toEqual([]);
  });

  test('every exclusion names an existing requirement, once, with a reason', () => {
    const bad = exclusions.filter((x) => !requirementById.has(x.requirement) || x.reason.length < 10);
    expect(bad.map((x) => x.requirement)).toEqual([]);
    expect(duplicates(exclusions.map((x) => x.requirement))).toEqual([]);
  });
});
