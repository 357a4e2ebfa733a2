// Test runner settings, kept apart from vite.config.ts so tests never load the React or Tailwind plugins.
// Three projects: unit tests import the sources; integration and e2e tests run the built dist/, which their global
// setup rebuilds first when any source is newer (so a run after an edit tests the edit).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    pool: 'forks',
    // Two workers on two cores: integration and browser tests spawn processes of their own. A third kept the cores busy
    // 96 % of a clean-clone `npm test` instead of 87 %, but used more CPU doing it: 995 s against 1,028–1,058 s, where
    // earlier rounds saw it time out under load (docs/development.md, "The suite's time, round 7").
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
    projects: [
      // Unit tests share their worker's modules (no re-import per file): a quarter of the CPU time, and every file
      // passes in any order (checked with --sequence.shuffle); a file that changes a global puts it back itself.
      { extends: true, test: { name: 'unit', include: ['test/unit/**/*.test.ts'], isolate: false } },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts', 'test/demo/**/*.test.ts'],
          globalSetup: ['test/setup/ensure-built.ts'],
          setupFiles: ['test/setup/stop-stragglers.ts'],
          // As e2e: a worker runs its files in one process instead of forking and loading vitest and the helpers again
          // per file. Helpers keep nothing of one file's for the next (run-cli's data home is per file), a file that
          // changes a global or the environment puts it back, and every file passes in any order (--sequence.shuffle).
          isolate: false,
        },
      },
      // The bench scripts' smoke test (test/e2e/bench-smoke.test.ts) opens the built UI in Chromium too; the rest of
      // the bench smoke runs in the bench job (vitest.bench.config.ts, `npm run test:bench`).
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          // Each worker launches its own Chromium for the files it runs (test/helpers/worker-chromium.ts).
          globalSetup: ['test/setup/ensure-built.ts'],
          setupFiles: ['test/setup/stop-stragglers.ts'],
          // A worker runs its files one after another in one process: a fresh process per file cost ~2.3 s of CPU each
          // (forking, and loading vitest and playwright-core again). Each test file is still evaluated afresh; what
          // files share is only the helpers' modules, and a file's processes are stopped after it (stop-stragglers).
          isolate: false,
          // A file's first test also starts its relay, browser connection and page (test/helpers/inspector-test.ts).
          testTimeout: 120_000,
          // expect.poll waits on the page until what it checks holds; vitest's default of 1 s is less than a lazily
          // loaded panel takes to render on 2 cores at load 13 (three such tests failed there), and a poll ends as
          // soon as its check holds, so a longer budget only slows a test that fails.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
