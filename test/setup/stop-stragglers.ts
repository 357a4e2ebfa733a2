// A setup file of the integration and e2e projects: after each test file's own teardown, stops the processes its
// helpers started that are still running, and says so (test/helpers/child-sweep.ts).
import { afterAll } from 'vitest';
import { stopStragglers } from '../helpers/child-sweep.js';

afterAll(async () => {
  const left = await stopStragglers();
  if (left.length > 0) console.warn(`stopped ${left.length} process(es) the file's teardown left running: ${left.join('; ')}`);
}, 30_000);
