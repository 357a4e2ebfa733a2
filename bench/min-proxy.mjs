// The floor of a relay, for bench/relay-inflight.mjs only: the least a WebSocket-to-stdio relay can do, and nothing
// else. A page's `send` message (the relay's own envelope, parsed) goes to the child's stdin as its text and a newline;
// each line the child writes goes back on the socket as it is, one message a line. No recording, no numbering, no
// classifying, no lint, no second thread: the same two extra process hops as the relay (page → proxy → server and back),
// so what the relay adds beyond this is its own work. Not for use: no token, no origin check, one client.
// Usage: node bench/min-proxy.mjs [--tcp] -- <command> [args…]   (prints "ready: <port>" once it listens on 127.0.0.1)
//   --tcp: the floor below that, no WebSocket at all: a plain TCP socket whose bytes go to the child's stdin as they
//   arrive, and the child's stdout bytes back to the socket as they are read (no framing, no parse, no line split):
//   what any relay on this machine must add at least, a second socket hop each way.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { WebSocketServer } from 'ws';

const dash = process.argv.indexOf('--');
const [command, ...args] = process.argv.slice(dash + 1);
const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });
child.stdin.on('error', () => {});
if (process.argv.slice(2, dash).includes('--tcp')) {
  const server = createServer((socket) => {
    socket.setNoDelay(true);
    socket.on('data', (chunk) => child.stdin.write(chunk));
    child.stdout.on('data', (chunk) => socket.write(chunk));
    socket.on('error', () => {});
  });
  server.listen(0, '127.0.0.1', () => console.log(`ready: ${server.address().port}`));
  process.on('SIGTERM', () => {
    child.kill();
    server.close();
    process.exit(0);
  });
} else wsProxy();

function wsProxy() {
  let socket = null;
  let rest = Buffer.alloc(0);
  child.stdout.on('data', (chunk) => {
    let buf = rest.length > 0 ? Buffer.concat([rest, chunk]) : chunk;
    let nl;
    while ((nl = buf.indexOf(10)) !== -1) {
      // Bytes as read: a text message the client decodes, as the relay's messages are.
      socket?.send(buf.subarray(0, nl), { binary: false });
      buf = buf.subarray(nl + 1);
    }
    rest = buf;
  });

  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  wss.on('connection', (ws) => {
    socket = ws;
    ws.on('message', (data) => {
      const msg = JSON.parse(data.toString());
      if (msg.type === 'send') child.stdin.write(msg.text + '\n');
    });
  });
  wss.on('listening', () => console.log(`ready: ${wss.address().port}`));
  process.on('SIGTERM', () => {
    child.kill();
    wss.close();
    process.exit(0);
  });
}
