// Entry point: runs the mcpscope demo MCP server over stdio until stdin closes or a signal arrives.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createDemoServer } from './create-demo-server.js';
import { guardNamelessToolCalls } from './invalid-params-guard.js';

// stdout belongs to the protocol; a stray console.log would corrupt the stream, so route it to stderr.
console.log = console.error;
console.info = console.error;
console.debug = console.error;

const { server, dispose } = createDemoServer();
let closing = false;

async function shutdown(exitCode: number): Promise<void> {
  if (closing) return;
  closing = true;
  process.exitCode = exitCode;
  dispose();
  // Closing aborts in-flight handlers; letting the loop drain (rather than exiting at once) flushes stdout on
  // platforms where pipe writes are asynchronous. The unref'd timer is only a backstop against a stuck handle.
  setTimeout(() => process.exit(exitCode), 2_000).unref();
  await server.close().catch(() => undefined);
}

process.stdin.on('end', () => void shutdown(0));
process.stdin.on('close', () => void shutdown(0));
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

try {
  const transport = new StdioServerTransport();
  await server.connect(transport);
  guardNamelessToolCalls(transport);
  process.stderr.write('mcpscope-demo: ready on stdio\n');
} catch (error) {
  process.stderr.write(`mcpscope-demo: failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  await shutdown(1);
}
