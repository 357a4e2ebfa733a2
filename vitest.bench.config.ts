// The bench job: every bench script run once on a small input (test/bench/), apart from `npm test`, which runs only
// the smaller smoke in test/e2e/bench-smoke.test.ts. `npm run test:bench`; the scripts need the built dist/ and Chromium,
// and side-by-side installs Node 22 and the official Inspector into the tools cache on its first run.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    pool: 'forks',
    maxWorkers: 2,
    include: ['test/bench/**/*.test.ts'],
    globalSetup: ['test/setup/ensure-built.ts'],
    setupFiles: ['test/setup/stop-stragglers.ts'],
    isolate: false,
    testTimeout: 600_000,
    hookTimeout: 120_000,
  },
});
