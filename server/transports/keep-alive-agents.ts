// Connection pools for the relay's HTTP clients that let an idle connection go before the server drops it.
// A pooled connection kept past the server's keep-alive timeout is closed by the server at the moment a new request
// reuses it: the request fails with ECONNRESET, and the inspector would report a fault the server did not commit (the
// fault lab's Run all hit it when a connection had sat idle through earlier presets for the 5 s a Node server keeps
// one by default). node:http's Agent honours the
// server's `Keep-Alive: timeout=N` hint, closing an idle connection a second early, only when the agent has an idle
// timeout of its own; with none it keeps idle connections until the server closes them.
import http from 'node:http';
import https from 'node:https';

/** Idle connections go after this long when the server gives no shorter hint (Node servers default to 5 s). */
const IDLE_MS = 4000;

// `timeout` closes only pooled, idle connections: a request waiting on its answer or a quiet SSE stream is left alone.
export const keepAliveHttpAgent = (): http.Agent => new http.Agent({ keepAlive: true, timeout: IDLE_MS });
export const keepAliveHttpsAgent = (): https.Agent => new https.Agent({ keepAlive: true, timeout: IDLE_MS });

export function keepAliveAgents(): { http: http.Agent; https: https.Agent } {
  return { http: keepAliveHttpAgent(), https: keepAliveHttpsAgent() };
}
