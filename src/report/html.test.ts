// Unit tests of index.html as text: hostile strings from the target stay inert, the page loads nothing, and it carries every failure.

import { createHash } from 'node:crypto';
import { expect, test } from 'vitest';
import { renderHtml } from './html.js';
import { exchange, failure, requirement, results } from './test-support/sample-results.js';

const HOSTILE = '</script><script>window.pwned=1</script><img src=x onerror="window.pwned=2">&amp;\u2028';

const hostileRun = () =>
  results(
    [
      requirement('vpcs/create/label-length', 'fail', {
        text: `Label ${HOSTILE}`,
        failures: [
          failure({
            actual: HOSTILE,
            hint: HOSTILE,
            exchanges: [
              exchange({
                response: { status: 200, headers: { 'x-evil': HOSTILE }, text: HOSTILE, truncated: false },
              }),
            ],
          }),
        ],
      }),
      requirement('vpcs/list/x', 'pass'),
    ],
    { target: { baseUrl: `https://evil.test/v4?${HOSTILE}`, reference: false } },
  );

const embedded = (page: string) => {
  const m = /<script type="application\/json" id="cloudconf-data">([\s\S]*?)<\/script>/.exec(page);
  return JSON.parse(m?.[1] ?? 'null');
};

test('hostile text never appears as markup: no tag of its own, and the data survives intact', () => {
  const page = renderHtml(hostileRun());
  expect(page).not.toContain('<img');
  expect(page).not.toContain('window.pwned=1</script>');
  // Exactly the two script elements of the page: the data and the page script.
  expect(page.match(/<script\b/g)).toHaveLength(2);
  const data = embedded(page);
  expect(data.requirements[0].failures[0].actual).toBe(HOSTILE);
  expect(data.requirements[0].failures[0].exchanges[0].responseBody.text).toBe(HOSTILE);
});

test('the policy allows only the inline script and style of the page, by hash, and nothing from the network', () => {
  const page = renderHtml(hostileRun());
  const policy = (/http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(page)?.[1] ?? '').replaceAll(
    '&#39;',
    "'",
  );
  const script = /<script>([\s\S]*?)<\/script>\s*<\/body>/.exec(page)?.[1] ?? '';
  const hash = createHash('sha256').update(script).digest('base64');
  expect(policy).toContain(`script-src 'sha256-${hash}'`);
  expect(policy).toContain("default-src 'none'");
  expect(page).not.toMatch(/(src|href)="(https?:)?\/\//);
});

test('a failing requirement carries its replay command with the target, a curl line per exchange, and no token', () => {
  const data = embedded(renderHtml(hostileRun()));
  const failing = data.requirements[0];
  expect(failing.replay).toBe(
    `npx cloudconf run --seed 7 --only vpcs/create/label-length --base-url 'https://evil.test/v4?${HOSTILE.replace(/'/g, `'\\''`)}'`,
  );
  expect(failing.failures[0].exchanges[0].curl).toContain('$CLOUDCONF_TOKEN');
  expect(data.requirements[1].replay).toBeUndefined();
});

test('long bodies are cut in the page and say how much is left out', () => {
  const big = 'x'.repeat(100_000);
  const run = results([
    requirement('a/b', 'fail', {
      failures: [
        failure({ exchanges: [exchange({ response: { status: 200, headers: {}, text: big, truncated: false } })] }),
      ],
    }),
  ]);
  const body = embedded(renderHtml(run)).requirements[0].failures[0].exchanges[0].responseBody;
  expect(body.text.length + body.cut).toBe(100_000);
  expect(body.cut).toBeGreaterThan(0);
});

test('a flaky requirement carries why in the page data, and the header counts the flaky ones', () => {
  const page = renderHtml(
    results([
      requirement('vpcs/list/a', 'pass', { flaky: 'GET /v4/vpcs answered only after a 503' }),
      requirement('vpcs/list/b', 'pass'),
    ]),
  );
  const data = embedded(page);
  expect(data.requirements.map((r: { flaky?: string }) => r.flaky)).toEqual([
    'GET /v4/vpcs answered only after a 503',
    undefined,
  ]);
  expect(page).toContain('<dt>flaky</dt><dd>1 requirement (answers that came only on a retry; marked ~)</dd>');
});
