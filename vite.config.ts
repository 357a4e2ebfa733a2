// Builds the React UI from web/ into dist/web, with Monaco bundled locally; the dev server proxies the relay.
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { ClientRequest, IncomingMessage } from 'node:http';
import { defineConfig, type ProxyOptions } from 'vite';

const relay = `http://127.0.0.1:${process.env.MCPSCOPE_PORT ?? 7410}`;

/**
 * The relay refuses other origins (its CSRF guard), and in development the page comes from Vite's origin.
 * Only a request whose Origin is the dev server itself is re-labelled as the relay's; any other page's
 * Origin passes through unchanged, so the relay still turns it away.
 */
function relabelOwnOrigin(proxyReq: ClientRequest, req: IncomingMessage): void {
  const origin = req.headers.origin;
  if (origin !== undefined && origin === `http://${req.headers.host}`) proxyReq.setHeader('origin', relay);
}

const toRelay = (ws: boolean): ProxyOptions => ({
  target: relay,
  ws,
  changeOrigin: true,
  // web/api/ holds the query hooks, so Vite's own module requests (/api/use-config.ts) share the prefix.
  bypass: (req) => (/^\/api\/[^?]*\.tsx?(\?|$)/.test(req.url ?? '') ? req.url : undefined),
  configure: (proxy) => {
    proxy.on('proxyReq', relabelOwnOrigin);
    proxy.on('proxyReqWs', relabelOwnOrigin);
  },
});

export default defineConfig({
  root: 'web',
  base: '/',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    // Monaco alone is several MB; the warning would fire on every build and say nothing new.
    chunkSizeWarningLimit: 8_000,
    rolldownOptions: {
      output: {
        // What the page runs at start-up in one file: left to itself the bundler cuts the modules the lazily loaded
        // panels share with the start into a score of small chunks, each a request of its own before the first render
        // (on a loaded machine every request waits its turn, a second or more for the score).
        codeSplitting: { groups: [{ name: 'start', tags: ['$initial'] }] },
      },
    },
  },
  worker: { format: 'es' },
  server: {
    host: '127.0.0.1',
    proxy: { '/api': toRelay(false), '/ws': toRelay(true) },
  },
});
