// Self-tests of judging single exchanges: each check seen to pass on a good exchange and to fail on a bad one, with the encoding's requirement ids and levels.

import { describe, expect, test } from 'vitest';
import { ruleId } from '../../spec/derive.js';
import { operationById, requirementById, resourceById } from '../../spec/index.js';
import type { Field, Operation, Rule } from '../../spec/types.js';
import { Auditor } from './auditor.js';
import { exchangeOfLine } from './jsonl.js';
import type { Recorded } from './recorded.js';
import { auditResults, auditSummary } from './results.js';

const op = (id: string) => operationById.get(id) as Operation;
const fieldOf = (o: Operation, name: string) => o.body?.fields.find((f) => f.name === name) as Field;
const ruleOf = (f: Field, kind: Rule['kind']) => f.rules?.find((r) => r.kind === kind) as Rule;

/** A value of a field that its encoding accepts, for building documented records. */
function sample(f: Field): unknown {
  const rules = f.rules ?? [];
  const choice = rules.find((r) => r.kind === 'enum');
  if (choice?.kind === 'enum') return choice.values[0];
  const formats: Record<string, string> = {
    'date-time': '2018-01-02T03:04:05',
    ip: '10.0.0.1',
    ipv4: '10.0.0.1',
    'ip-cidr': '10.0.0.0/24',
    'ipv4-cidr': '10.0.0.0/24',
    'ip-netmask': '10.0.0.1/24',
    email: 'someone@example.com',
    url: 'https://example.com/',
    uuid: '123e4567-e89b-12d3-a456-426614174000',
  };
  switch (f.type) {
    case 'string':
      return formats[f.format ?? ''] ?? 'x'.repeat(rules.find((r) => r.kind === 'length')?.min ?? 1);
    case 'integer':
    case 'number':
      return rules.find((r) => r.kind === 'range')?.min ?? 1;
    case 'boolean':
      return true;
    case 'array': {
      const min = rules.find((r) => r.kind === 'items')?.min ?? 0;
      return Array.from({ length: min }, () => (f.items ? sample(f.items) : 1));
    }
    case 'object':
      return Object.fromEntries((f.fields ?? []).map((x) => [x.name, sample(x)]));
    default:
      return null;
  }
}

const record = (id: string) => Object.fromEntries((resourceById.get(id)?.fields ?? []).map((f) => [f.name, sample(f)]));
const json = { 'content-type': 'application/json' };

let line = 0;
/** One recorded exchange, written as a JSON line would hold it. */
function recorded(x: Record<string, unknown>): Recorded {
  const exchange = exchangeOfLine({ response_headers: json, ...x });
  if (typeof exchange === 'string') throw new Error(exchange);
  return {
    index: line++,
    exchange,
    requestHeadersKnown: x.request_headers !== undefined,
    responseHeadersKnown: true,
  };
}

function judge(x: Record<string, unknown>, scopes?: string[]) {
  const auditor = new Auditor(scopes ? { scopes } : {});
  const findings = auditor.add(recorded(x));
  return { auditor, findings, ids: findings.map((f) => f.requirement) };
}

const create = op('vpcs/create');
const label = fieldOf(create, 'label');
const length = ruleOf(label, 'length');
const labelLength = `${create.id}/label-${ruleId(length)}`;
const tooLong = 'x'.repeat((length.kind === 'length' ? (length.max ?? 0) : 0) + 1);
const vpc = record('vpc');
const auth = { authorization: 'Bearer t' };
/** A VPC create with a label over its length, answered as a success. */
const tooLongAccepted = {
  method: 'POST',
  path: '/v4/vpcs',
  status: 200,
  request_body: { label: tooLong, region: 'r' },
  response_body: vpc,
};
/** A VPC create that breaks no rule. */
const validCreate = {
  method: 'POST',
  path: '/v4/vpcs',
  status: 200,
  request_headers: auth,
  request_body: { label: 'ok', region: 'r' },
  response_body: vpc,
};

describe('requests against their rules', () => {
  test('a valid exchange is clean, and counts the requirements it judged', () => {
    const { auditor, findings } = judge(validCreate);
    expect(findings).toEqual([]);
    expect(auditor.judged.get(`${create.id}/response/object`)).toBe(1);
  });

  test('invalid input accepted breaks the requirement of the rule; refused, it holds', () => {
    const accepted = judge(tooLongAccepted);
    expect(accepted.ids).toContain(labelLength);
    expect(accepted.ids).toContain('conventions/status/rejected-4xx');
    expect(accepted.findings.find((f) => f.requirement === labelLength)).toMatchObject({
      level: requirementById.get(labelLength)?.level,
      verdict: 'fail',
      index: expect.any(Number),
    });
    const refused = judge({
      method: 'POST',
      path: '/v4/vpcs',
      status: 400,
      request_body: { label: tooLong, region: 'r' },
      response_body: { errors: [{ field: 'label', reason: 'too long' }] },
    });
    expect(refused.findings).toEqual([]);
    expect(refused.auditor.judged.get(labelLength)).toBe(1);
  });

  test('a 5xx to invalid input (500, a gateway 502 or 504, 503) is no verdict on the rule: error, never fail or pass', () => {
    for (const status of [500, 502, 503, 504]) {
      const auditor = new Auditor();
      const broken = { ...tooLongAccepted, status, response_body: { errors: [{ reason: 'upstream' }] } };
      auditor.add(recorded(broken));
      auditor.add(recorded({ ...broken, request_headers: {} }));
      const rule = [labelLength, 'conventions/status/rejected-4xx', `${create.id}/auth/token-required`];
      expect(auditor.findings.map((f) => f.requirement)).not.toContain(labelLength);
      const results = auditResults(auditor, { target: 'audit', startedAt: new Date(), replay: 'r' });
      for (const id of rule) {
        const r = results.requirements.find((x) => x.id === id);
        expect(r, `${id} on ${status}`).toMatchObject({
          verdict: 'error',
          reason: expect.stringContaining(`${status}`),
        });
      }
      // The rule that no request gets a 5xx still judges it.
      expect(auditor.findings.map((f) => f.requirement)).toContain('conventions/status/no-server-error');
    }
  });

  test('a secret the request sent, given back in the answer, breaks its not-returned requirement', () => {
    const rootPass = 'Zq8#kT2vLw9!pR4mXc7';
    const sent = { region: 'r', type: 't', image: 'node/debian12', root_pass: rootPass };
    const instance = (extra: object) => ({
      method: 'POST',
      path: '/v4/node/instances',
      status: 200,
      request_body: sent,
      response_body: { id: 7, label: 'node7', ...extra },
    });
    const id = 'instances/create/root_pass-not-returned';
    expect(judge(instance({})).ids).not.toContain(id);
    expect(judge(instance({})).auditor.judged.get(id)).toBe(1);
    const echoed = judge(instance({ debug: Buffer.from(`root:${rootPass}`).toString('base64') }));
    expect(echoed.findings.find((f) => f.requirement === id)).toMatchObject({ verdict: 'non-strict' });
    // A value a recorder redacted names no secret to look for.
    const redacted = judge({
      ...instance({ root_pass: '[redacted]' }),
      request_body: { ...sent, root_pass: '[redacted]' },
    });
    expect(redacted.auditor.judged.get(id)).toBeUndefined();
  });

  test('the refusal of invalid input names the field, with the error body, with 400', () => {
    const refusal = (status: number, response_body: unknown) =>
      judge({ method: 'POST', path: '/v4/vpcs', status, request_body: { label: tooLong, region: 'r' }, response_body });
    const misnamed = refusal(400, { errors: [{ field: 'name', reason: 'x' }] });
    expect(misnamed.ids).toEqual(['conventions/error-body/field-named']);
    const shapeless = refusal(400, { error: 'bad' });
    expect(shapeless.ids).toEqual(['conventions/error-body/shape']);
    const unprocessable = refusal(422, { errors: [{ field: 'label', reason: 'x' }] });
    expect(unprocessable.findings).toMatchObject([
      { requirement: 'conventions/status/validation-400', verdict: 'non-strict' },
    ]);
  });

  test('a valid value refused by name breaks its rule; refusals for state or of values without rules do not', () => {
    const body = { label: 'ok', region: 'r' };
    const refuse = (status: number, errors: unknown) =>
      judge({ method: 'POST', path: '/v4/vpcs', status, request_body: body, response_body: { errors } }).ids;
    expect(refuse(400, [{ field: 'label', reason: 'not allowed' }])).toEqual([labelLength]);
    expect(refuse(400, [{ reason: 'busy' }])).toEqual([]);
    expect(refuse(400, [{ field: 'region', reason: 'no such region' }])).toEqual([]);
    expect(refuse(400, [{ field: 'subnet', reason: 'in use' }])).toEqual([]);
    expect(refuse(409, [{ field: 'label', reason: 'taken' }])).toEqual([]);
    expect(refuse(404, [{ reason: 'not found' }])).toEqual([]);
  });

  test('a value prose speaks of may be refused for what the prose says (state, time, other fields)', () => {
    const update = op('account/update');
    const prose = [...requirementById.values()].filter(
      (r) =>
        !r.derived &&
        r.subject.kind === 'operation' &&
        r.subject.operation === update.id &&
        r.subject.field === 'tax_id',
    );
    expect(prose.length).toBeGreaterThan(0);
    const refused = (field: string, value: string) =>
      judge({
        method: update.method,
        path: `/v4${update.path}`,
        status: 400,
        request_body: { [field]: value },
        response_body: { errors: [{ field, reason: 'no' }] },
      }).ids;
    expect(refused('tax_id', '')).toEqual([]);
    // A field of the same body that only its rules govern is judged.
    expect(refused('city', 'Paris')).toEqual([
      `${update.id}/city-${ruleId((fieldOf(update, 'city').rules ?? [])[0] as Rule)}`,
    ]);
  });

  test('a value whose rules need state (password strength) is not judged when refused', () => {
    const password = op('instances/password');
    const f = fieldOf(password, 'root_pass');
    expect(f.rules?.some((r) => r.kind === 'password-strength')).toBe(true);
    const min = (ruleOf(f, 'length') as { min: number }).min;
    const { findings } = judge({
      method: password.method,
      path: `/v4${password.path.replace('{nodeId}', '1')}`,
      status: 400,
      request_body: { root_pass: 'a'.repeat(min) },
      response_body: { errors: [{ field: 'root_pass', reason: 'weak' }] },
    });
    expect(findings).toEqual([]);
  });

  test('a redacted value is no value to judge', () => {
    const update = op('account/update');
    const zip = fieldOf(update, 'zip');
    expect(zip.rules?.length).toBeGreaterThan(0);
    const accepted = (value: string) =>
      judge({
        method: update.method,
        path: `/v4${update.path}`,
        status: 200,
        request_body: { zip: value },
        response_body: {},
      }).ids;
    expect(accepted('[not a zip]')).toContain(`${update.id}/zip-${ruleId((zip.rules ?? [])[0] as Rule)}`);
    expect(accepted('[redacted]')).toEqual([]);
    // A secret cut out of a longer value (a boundary string the run also sent as a password) leaves it unknown too.
    expect(accepted('[redacted]-not-a-zip')).toEqual([]);
  });

  test('a refused value with a secret cut out of it is no valid value refused', () => {
    const create = op('vpcs/create');
    const description = fieldOf(create, 'description');
    const max = (description.rules ?? []).find((r) => r.kind === 'length')?.max as number;
    expect(max).toBeGreaterThan(20);
    // Recorded: what was sent, past the limit, with a password the run also sent cut out of it.
    const refused = (sent: string) =>
      judge({
        method: create.method,
        path: `/v4${create.path}`,
        status: 400,
        request_body: { label: 'vpc-1', region: 'us-east', description: sent },
        response_body: { errors: [{ field: 'description', reason: 'too long' }] },
      }).ids;
    expect(refused('d'.repeat(max))).toContain(`${create.id}/description-length`);
    expect(refused(`[redacted]${'d'.repeat(max - 20)}`)).toEqual([]);
  });

  test('a hostile value nested 100,000 deep where a field is looked into for a redaction is judged, not a crash', () => {
    const deep = `${'['.repeat(100_000)}"[redacted]"${']'.repeat(100_000)}`;
    const create = op('vpcs/create');
    const { ids } = judge({
      method: create.method,
      path: `/v4${create.path}`,
      status: 200,
      // The body as recorded text: a line's JSON value would be written out again first.
      request_body: `{"label":${deep},"region":"us-east"}`,
      response_body: {},
    });
    expect(ids.some((id) => id.startsWith(`${create.id}/label-`))).toBe(true);
  });

  test('paging bounds are judged where the documents show them', () => {
    const subnets = op('vpcs/subnets/list');
    expect(subnets.paging).toBe('bounded');
    const list = { data: [], page: 1, pages: 1, results: 0 };
    const bounded = judge({ method: 'GET', path: '/v4/vpcs/1/subnets?page=0', status: 200, response_body: list });
    expect(bounded.ids).toContain(`${subnets.id}/page-range`);
    expect(op('vpcs/list').paging).toBe('bounds-not-shown');
    const unbounded = judge({ method: 'GET', path: '/v4/vpcs?page=0', status: 200, response_body: list });
    expect(unbounded.findings).toEqual([]);
    const refusedUnbounded = judge({
      method: 'GET',
      path: '/v4/vpcs?page=0',
      status: 400,
      response_body: { errors: [{ field: 'page', reason: 'x' }] },
    });
    expect(refusedUnbounded.findings).toEqual([]);
  });
});

describe('answers', () => {
  const subnet = record('vpc-subnet');
  const page = (data: unknown[], over: Record<string, unknown> = {}) => ({
    data,
    page: 1,
    pages: 1,
    results: data.length,
    ...over,
  });

  test('envelope shape and counts, default page and page size', () => {
    const subnets = (response_body: unknown, query = '') =>
      judge({ method: 'GET', path: `/v4/vpcs/1/subnets${query}`, status: 200, response_body });
    expect(subnets(page([subnet, subnet]), '?page_size=25').findings).toEqual([]);
    expect(subnets(page([subnet], { results: 2 })).ids).toEqual(
      expect.arrayContaining(['conventions/envelope/counts', 'vpcs/subnets/list/response/envelope']),
    );
    expect(subnets({ data: [], page: 1, results: 0 }).ids).toEqual(
      expect.arrayContaining(['conventions/envelope/shape', 'vpcs/subnets/list/response/envelope']),
    );
    const lastPage = subnets(page([subnet], { page: 2, pages: 2, results: 101 }));
    expect(lastPage.ids).toContain('conventions/paging/default-page');
  });

  test('timestamps: the documented form passes, looser ISO forms are non-strict, others fail', () => {
    const view = (created: unknown) =>
      judge({ method: 'GET', path: '/v4/vpcs/1', status: 200, response_body: { ...vpc, created } }).findings;
    expect(view('2018-01-02T03:04:05')).toEqual([]);
    expect(view('2018-01-02T03:04:05.123+01:00')).toEqual([]);
    for (const loose of ['2018-01-02T03:04', '2018-01-02T03:04:05+0100', '2018-01-02T03:04:05,5Z'])
      expect(view(loose)).toMatchObject([{ requirement: 'conventions/timestamps/date-time', verdict: 'non-strict' }]);
    expect(view('yesterday')).toMatchObject([{ requirement: 'conventions/timestamps/date-time', verdict: 'fail' }]);
  });

  test('the answer matches the documented record', () => {
    const { label: _gone, ...partial } = vpc;
    expect(judge({ method: 'GET', path: '/v4/vpcs/1', status: 200, response_body: partial }).ids).toEqual([
      'vpcs/view/response/object',
    ]);
  });

  test('a null the record allows passes rules that forbid a pattern (a public interface has no label)', () => {
    const view = op('interfaces/view');
    const path = `/v4${view.path.replace(/\{\w+\}/g, '1')}`;
    const iface = { ...record('interface'), label: null };
    expect(judge({ method: 'GET', path, status: 200, response_body: iface }).findings).toEqual([]);
    expect(judge({ method: 'GET', path, status: 200, response_body: { ...iface, label: 'a--b' } }).ids).toEqual([
      `${view.id}/response/object`,
    ]);
  });

  test('a JSON content type, where the answer is shown or is an error', () => {
    const text = judge({
      method: 'GET',
      path: '/v4/vpcs/1',
      status: 200,
      response_body: vpc,
      response_headers: { 'content-type': 'text/plain' },
    });
    expect(text.findings).toMatchObject([{ requirement: 'conventions/responses/json', verdict: 'non-strict' }]);
  });

  test('event records carry the conventional fields and come newest first', () => {
    const event = (id: number, created: string) => ({
      id,
      action: 'vpc_create',
      created,
      entity: null,
      secondary_entity: null,
      status: 'finished',
      seen: false,
      read: false,
      username: 'u',
    });
    const events = (data: unknown[]) =>
      judge({ method: 'GET', path: '/v4/account/events', status: 200, response_body: page(data) }).ids;
    expect(events([event(2, '2018-01-02T03:04:06'), event(1, '2018-01-02T03:04:05')])).toEqual([]);
    expect(events([event(1, '2018-01-02T03:04:05'), event(2, '2018-01-02T03:04:06')])).toEqual([
      'conventions/events/newest-first',
    ]);
    const { seen: _s, ...incomplete } = event(1, '2018-01-02T03:04:05');
    expect(events([incomplete])).toEqual(['conventions/events/record-shape']);
  });
});

describe('authentication', () => {
  const events = op('events/list');
  const list = { data: [], page: 1, pages: 1, results: 0 };
  test('no token yet answered breaks token-required; unknown when the recording holds no request headers', () => {
    const anonymous = judge({
      method: 'GET',
      path: '/v4/account/events',
      status: 200,
      request_headers: {},
      response_body: list,
    });
    expect(anonymous.findings).toMatchObject([
      {
        requirement: `${events.id}/auth/token-required`,
        level: requirementById.get(`${events.id}/auth/token-required`)?.level,
      },
    ]);
    expect(judge({ method: 'GET', path: '/v4/account/events', status: 200, response_body: list }).findings).toEqual([]);
    const refused403 = judge({
      method: 'GET',
      path: '/v4/account/events',
      status: 403,
      request_headers: {},
      response_body: { errors: [{ reason: 'no' }] },
    });
    expect(refused403.ids).toEqual(['conventions/status/unauthenticated-401']);
  });

  test('scopes are judged when the token scopes are given: read_write includes read_only', () => {
    expect(judge(validCreate, ['vpc:read_only']).ids).toEqual([`${create.id}/auth/scope-required`]);
    expect(judge(validCreate, ['vpc:read_write']).findings).toEqual([]);
    expect(judge(validCreate, ['*']).findings).toEqual([]);
    const read = { method: 'GET', path: '/v4/account/events', status: 200, request_headers: auth, response_body: list };
    expect(judge(read, ['events:read_write']).findings).toEqual([]);
    expect(judge(read, ['vpc:read_write']).ids).toEqual([`${events.id}/auth/scope-required`]);
  });
});

describe('counts and results', () => {
  test('unknown paths are counted, never failed; requirements are pass, fail or skipped with a reason', () => {
    const auditor = new Auditor();
    auditor.add(recorded({ method: 'GET', path: '/v4/nowhere', status: 500 }));
    const bad = recorded(tooLongAccepted);
    auditor.add(bad);
    auditor.add(recorded({ method: 'GET', path: '/v4/vpcs/1', status: 200, response_body: vpc }));
    expect(auditor.counts).toEqual({ exchanges: 3, judged: 2, unknown: 1, unanswered: 0 });
    const summary = auditSummary(auditor);
    expect(Object.keys(summary)).toEqual(['exchanges', 'judged', 'unknown', 'violations']);
    expect(summary.violations.length).toBeGreaterThan(0);
    expect(summary.violations.every((v) => v.index === bad.index)).toBe(true);
    expect(Object.keys(summary.violations[0] ?? {})).toEqual(['index', 'requirement', 'level', 'verdict', 'message']);
    const results = auditResults(auditor, {
      target: 'audit of test',
      startedAt: new Date(),
      replay: 'npx cloudconf audit t',
    });
    expect(results.replay).toBe('npx cloudconf audit t');
    const verdict = (id: string) => results.requirements.find((r) => r.id === id);
    expect(verdict(labelLength)).toMatchObject({ verdict: 'fail', failures: [{ check: 'rejected-4xx' }] });
    expect(verdict('vpcs/view/response/object')?.verdict).toBe('pass');
    expect(verdict('vpcs/delete/response/empty')).toMatchObject({
      verdict: 'skipped',
      reason: expect.stringMatching(/single exchanges/),
    });
  });
});
