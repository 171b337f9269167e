// Vitest configuration for the self-tests of cloudconf (the conformance suites get their own config).

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['suites/encoding/**/*.test.ts', 'src/**/*.test.ts'],
    pool: 'threads',
  },
});
