// Self-test that the committed requirements catalogue matches the encoding, so every change to what "conformant" means is reviewed.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from 'vitest';
import { requirements } from '../../spec/index.js';
import { CATALOGUE_PATH, renderCatalogue } from '../../src/export/catalogue.js';
import { testedBy } from '../../src/export/tested-by.js';
import { repoRoot } from './support/cli.js';

test('spec/catalogue.md is up to date (regenerate with `npm run catalogue`)', async () => {
  const committed = readFileSync(resolve(repoRoot, CATALOGUE_PATH), 'utf8');
  expect(
    committed === renderCatalogue(await testedBy()),
    'the catalogue is stale: run `npm run catalogue` and review the diff',
  ).toBe(true);
});

test('the catalogue has one row per requirement', async () => {
  const rows = renderCatalogue(await testedBy())
    .split('\n')
    .filter((l) => l.startsWith('| `'));
  expect(rows.length).toBe(requirements.length);
});
