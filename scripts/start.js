// `npm start`: the relay from its bundle in this same process, once the build stamp says dist/ is current (a stat of
// each source it names: milliseconds, scripts/build-stamp.mjs); a stale part is built first (scripts/ensure-built.js).
// A second Node process for the check, and a walk of the source trees, cost a start a fifth of the official
// Inspector's start (docs/performance.md, "Start like a binary").
import { ensureBuilt } from './ensure-built.js';

ensureBuilt([]);
// bin/mcpscope.js reads its arguments from process.argv after the script's path: `npm start -- --port 0` passes on.
await import('../bin/mcpscope.js');
