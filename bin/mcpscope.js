#!/usr/bin/env node
// Entry point: the CLI runs from its bundle in dist/ (run `npm run build` first, or `npm start`, which builds when
// needed); scripts/bundle-server.mjs says what the bundle is.
import { existsSync } from 'node:fs';
import module from 'node:module';
import { fileURLToPath } from 'node:url';

import { installStackSourceMaps } from './stack-source-maps.js';

// Stack traces name the TypeScript (server/cli.ts:120), through the maps shipped beside each chunk, read only when a
// trace is written (docs/development.md, "What the package ships", has the cost of Node's eager way).
installStackSourceMaps();
// Node ≥ 22.1 keeps V8's code for the bundle's chunks between runs (in Node's own cache folder under the OS temp
// folder, or NODE_COMPILE_CACHE; NODE_DISABLE_COMPILE_CACHE=1 turns it off), so a start compiles only what changed.
// Node 20 has no such cache: it compiles every chunk it loads, every start (docs/performance.md, "Start, round 4").
module.enableCompileCache?.();
const cli = new URL('../dist/bundle/cli.js', import.meta.url);
if (!existsSync(fileURLToPath(cli))) {
  console.error('mcpscope: not built yet; run `npm run build` (or `npm start`, which builds when needed)');
  process.exit(2);
}
const { main } = await import(cli.href);
await main(process.argv.slice(2));
