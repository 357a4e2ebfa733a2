// A setup file of the integration and e2e projects: after each test file's own teardown, stops the processes its
// helpers started that are still running (test/helpers/child-sweep.ts) and closes the browser contexts it left open
// in its worker's Chromium (test/helpers/worker-chromium.ts), so the worker's next file starts clean, and says so.
import { afterAll } from 'vitest';
import { stopStragglers } from '../helpers/child-sweep.js';
import { closeLeftContexts } from '../helpers/worker-chromium.js';

afterAll(async () => {
  const [left, contexts] = await Promise.all([stopStragglers(), closeLeftContexts()]);
  if (left.length > 0) console.warn(`stopped ${left.length} process(es) the file's teardown left running: ${left.join('; ')}`);
  if (contexts > 0) console.warn(`closed ${contexts} browser context(s) the file's teardown left open`);
}, 30_000);
