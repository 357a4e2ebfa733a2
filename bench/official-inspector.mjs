// Starts the official MCP Inspector's web relay headless (no browser) and drives it as its page does: connect a stdio
// server (POST /api/mcp/connect), hear every message on the session's SSE stream (GET /api/mcp/events), send with
// POST /api/mcp/send. It needs Node 22: scripts/node22-tools.sh --inspector installs both into a cache folder.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { TextDecoder } from 'node:util';
import { join } from 'node:path';
import { ROOT } from './bench-lib.mjs';

/** The tools folder (Node 22 + the Inspector), installing them on first use. */
export function inspectorTools() {
  const dir = execFileSync(join(ROOT, 'scripts', 'node22-tools.sh'), ['--inspector'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim();
  const pkg = join(dir, 'node_modules', '@modelcontextprotocol', 'inspector');
  return {
    dir,
    node: join(dir, 'node'),
    launcher: join(pkg, 'clients', 'launcher', 'build', 'index.js'),
    version: JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')).version,
  };
}

/** Its web server needs a fixed port (0 is refused): ask the OS for a free one. */
async function freePort() {
  const srv = createServer();
  await new Promise((ok) => srv.listen(0, '127.0.0.1', ok));
  const { port } = srv.address();
  await new Promise((ok) => srv.close(ok));
  return port;
}

/**
 * Starts the relay; resolves when it prints its banner. `viaNpx`: through its README's command, `npx
 * @modelcontextprotocol/inspector` (npm's CLI first, the package already installed, Node 22 first on the PATH), as
 * `npm start` goes through npm's CLI; otherwise its launcher directly.
 */
export async function startOfficial(tools, { viaNpx = false } = {}) {
  const port = await freePort();
  const token = randomBytes(24).toString('hex');
  const started = performance.now();
  const [command, argv] = viaNpx ? ['npx', ['--no-install', '@modelcontextprotocol/inspector', '--web']] : [tools.node, [tools.launcher, '--web']];
  const proc = spawn(command, argv, {
    cwd: tools.dir,
    // Its own group, so that stop() ends npx and the inspector it started alike.
    detached: true,
    env: {
      ...process.env,
      PATH: `${tools.dir}:${process.env.PATH}`,
      CLIENT_PORT: String(port),
      HOST: '127.0.0.1',
      MCP_INSPECTOR_API_TOKEN: token,
      MCP_AUTO_OPEN_ENABLED: 'false',
      MCP_SANDBOX_PORT: '0',
      MCP_APP_ORIGIN_PORT: '0',
      MCP_INSPECTOR_SECRET_STORE: 'memory',
    },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let out = '';
  await new Promise((ok, fail) => {
    proc.stdout.on('data', (c) => {
      out += c;
      if (/up and running/.test(out)) ok();
    });
    proc.on('exit', (code) => fail(new Error(`official inspector exited ${code}: ${out}`)));
  });
  const readyMs = performance.now() - started;
  const base = `http://127.0.0.1:${port}`;
  const headers = { 'x-mcp-remote-auth': `Bearer ${token}`, 'content-type': 'application/json' };
  const post = async (path, body) => {
    const res = await fetch(base + path, { method: 'POST', headers, body: JSON.stringify(body) });
    const json = await res.json();
    if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  return {
    proc,
    readyMs,
    started,
    /**
     * Spawns `command` through the relay; onMessages gets each SSE batch of the server's messages, parsed (or onText
     * the batch's raw event text, unparsed).
     */
    async connect(command, onMessages, onText) {
      const { sessionId } = await post('/api/mcp/connect', { config: { type: 'stdio', command: command[0], args: command.slice(1) } });
      const events = await fetch(`${base}/api/mcp/events?sessionId=${sessionId}`, { headers });
      const reader = events.body.getReader();
      const decoder = new TextDecoder();
      let buf = '';
      void (async () => {
        for (;;) {
          const { value, done } = await reader.read().catch(() => ({ done: true }));
          if (done) return;
          buf += decoder.decode(value, { stream: true });
          const cut = buf.lastIndexOf('\n\n');
          if (cut === -1) continue;
          const block = buf.slice(0, cut);
          buf = buf.slice(cut + 2);
          if (onText) {
            onText(block);
            continue;
          }
          const messages = [];
          for (const line of block.split('\n')) {
            if (!line.startsWith('data: ')) continue;
            const ev = JSON.parse(line.slice(6));
            if (ev.type === 'message') messages.push(ev.data);
          }
          if (messages.length > 0) onMessages(messages);
        }
      })();
      return {
        // Not awaited: like mcpscope's socket send, the answer is heard on the event stream.
        send: (text) => void post('/api/mcp/send', { sessionId, message: JSON.parse(text) }).catch(() => undefined),
        close: async () => {
          await reader.cancel().catch(() => undefined);
          await post('/api/mcp/disconnect', { sessionId }).catch(() => undefined);
        },
      };
    },
    stop: () =>
      new Promise((ok) => {
        proc.once('exit', ok);
        process.kill(-proc.pid, 'SIGTERM');
      }),
  };
}
