// Vitest configuration for cloudconf's own self-tests with their results in Allure (`npm run test:allure`): the same tests as `npm test`'s, recorded by allure-vitest for a team that reads its CI in Allure.

import { rmSync } from 'node:fs';
import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.js';

/** Where the self-tests' Allure results go (`npx allure generate reports/selftest-allure-results`). */
const resultsDir = process.env.CLOUDCONF_SELFTEST_ALLURE_DIR ?? 'reports/selftest-allure-results';

// allure-vitest adds to its directory and never empties it: an earlier run's results would mix in.
rmSync(resultsDir, { recursive: true, force: true });

export default mergeConfig(
  base,
  defineConfig({
    test: {
      setupFiles: ['allure-vitest/setup'],
      reporters: ['default', ['allure-vitest/reporter', { resultsDir }]],
    },
  }),
);
