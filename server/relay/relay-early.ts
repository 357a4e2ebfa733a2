// What the relay needs before its ready line: the store (a data dir it cannot open fails the start), the process
// table, and a listener that holds requests until the rest (relay-parts.ts) has loaded. Plain re-exports, one import()
// and a few small chunks, so the ready line waits for neither Express nor the schemas (cli.ts, run()).
export { StartGate } from './start-gate.js';
export { Recorder } from '../store/recorder.js';
export { processTracker } from '../transports/process-tracker.js';
export { reapOrphans, reapedNote } from '../transports/orphan-reaper.js';
export { killAllProcessGroups } from '../transports/stdio-transport.js';
export { openBrowser } from '../cli/open-browser.js';
export { urlHost } from '../url-host.js';
export { isLoopback } from '../cli/loopback.js';
export { envError } from '../../shared/trust/env-names.js';
