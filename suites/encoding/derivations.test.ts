// Self-tests of typed derivations (issue 16 item 1): each derived requirement's id is the rendering of its derivation, and no module of the test side recovers an operation, field or rule by taking a requirement id apart.

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { expect, test } from 'vitest';
import { requirementId } from '../../spec/derive.js';
import { derivedCrossRule, operationById, requirements } from '../../spec/index.js';
import { repoRoot } from './support/cli.js';

test('every derived requirement, and no written one, carries a derivation that agrees with its subject', () => {
  const derived = requirements.filter((r) => r.derived);
  expect(derived.length).toBeGreaterThan(1000);
  expect(requirements.filter((r) => Boolean(r.derivation) !== Boolean(r.derived)).map((r) => r.id)).toEqual([]);
  const disagree = derived.filter((r) => {
    const d = r.derivation;
    const s = r.subject;
    if (!d || !operationById.has(d.operation)) return true;
    if (d.kind === 'event') return s.kind !== 'event' || s.action !== d.action;
    if (s.kind !== 'operation' || s.operation !== d.operation) return true;
    if (d.kind === 'field-rule' || d.kind === 'param-rule' || d.kind === 'not-accepted') return s.field !== d.path;
    if (d.kind === 'cross-rule') return derivedCrossRule(r)?.fields[0] !== s.field && s.field !== '';
    return false;
  });
  expect(disagree.map((r) => r.id)).toEqual([]);
  // The id renders the derivation: the committed catalogue (catalogue.test.ts) pins every id.
  expect(derived.every((r) => r.derivation && requirementId(r.derivation) === r.id)).toBe(true);
});

/** String methods that take a text apart (prefix tests stay allowed: `--only vpcs/` selects by prefix). */
const TAKES_APART = new Set(['split', 'slice', 'substring', 'substr', 'indexOf', 'lastIndexOf', 'match', 'replace']);
/** An expression that is a requirement id: `r.id`, `requirement.id`, `kit.requirement.id`, or a `requirement` string. */
const REQUIREMENT_ID = /(^|\.)(r|req|requirement)\.id$|^requirement$/;
/** The head of an id built by hand: an operation id followed by `/` (`${op.id}/...`). */
const OPERATION_ID = /(^|\.)(op|operation)(\.id)?$|^opId$/;

/** Where a module takes a requirement id apart or builds one outside `requirementId`: `file:line: code`. */
function idParsingIn(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const report = (node: ts.Node) => {
    const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
    found.push(`${file}:${line}: ${node.getText().slice(0, 80)}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const receiver = node.expression.expression.getText();
      if (TAKES_APART.has(method) && REQUIREMENT_ID.test(receiver)) report(node);
      const [arg] = node.arguments;
      if ((method === 'test' || method === 'exec') && arg && REQUIREMENT_ID.test(arg.getText())) report(node);
    }
    if (ts.isTemplateExpression(node) && node.head.text === '') {
      const [first] = node.templateSpans;
      if (first && OPERATION_ID.test(first.expression.getText()) && first.literal.text.startsWith('/')) report(node);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : modules(path);
    return e.name.endsWith('.ts') ? [path] : [];
  });
}

test('no module under src/ or suites/ takes a requirement id apart or builds one by hand', () => {
  // Outside the rule: the reference server's fault names (`skip:<requirement id>`), issue 16 item 2's
  // seams; and the registry self-test, which holds written ids to the convention that they start with
  // their operation id.
  const outside = (f: string) =>
    relative(repoRoot, f).startsWith(join('src', 'reference')) ||
    relative(repoRoot, f) === join('suites', 'encoding', 'registry.test.ts');
  const files = [...modules(join(repoRoot, 'src')), ...modules(join(repoRoot, 'suites'))].filter((f) => !outside(f));
  expect(files.length).toBeGreaterThan(300);
  expect(files.flatMap((f) => idParsingIn(relative(repoRoot, f), readFileSync(f, 'utf8')))).toEqual([]);
}, 60_000);

test('the scan sees the forms that took ids apart before derivations', () => {
  const before = [
    'const suffix = r.id.slice(op.id.length + 1);',
    "operationById.get(r.id.split('/event/')[0] ?? '');",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: source text the scan reads, not a template
    'rules.find((r) => kit.requirement.id === `${op.id}/${r.id}`);',
    'if (/\\/(page|page_size)-/.test(r.id)) skip();',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: source text the scan reads, not a template
    'const id = `${op.id}/${v.suffix}`;',
  ];
  for (const code of before) expect(idParsingIn('sample.ts', code), code).toHaveLength(1);
  expect(idParsingIn('sample.ts', "selected.filter((id) => id.startsWith('vpcs/'));")).toEqual([]);
});
