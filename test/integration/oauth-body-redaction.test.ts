// OAuth secrets stay out of what is recorded and exported, wherever a server writes them: a real authorization server
// fixture (test/fixtures/oauth-server.mjs with OAUTH_PLANT=1) answers the authorization request with a redirect page
// that repeats the code and state in a link (`&amp;code=`), a meta refresh and a form_post form, beside planted JSON,
// HTML-escaped and form-encoded tokens and assertions, and adds an id_token to its token responses. It logs every
// value it issued or planted (`SECRET …`); none may be found in the relay's data directory or in any export.
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wholeBundle } from '../../shared/bundle/bundle-reader.js';
import type { HttpExchange } from '../../shared/http-exchange.js';
import { FIXTURES, startRelay, type RelayHandle } from '../helpers/relay-process.js';
import { openRemoteSession } from '../helpers/remote-session.js';
import { startRemoteServer, type RemoteServer } from '../helpers/remote-server.js';
import { runCli } from '../helpers/run-cli.js';
import { shareText } from '../helpers/share-file.js';

let server: RemoteServer;
let relay: RelayHandle;
let sid: string;
const exports: Record<string, string> = {};

const secrets = () =>
  server
    .output()
    .split('\n')
    .filter((l) => l.startsWith('SECRET '))
    .map((l) => l.slice('SECRET '.length).trim());

async function download(path: string): Promise<string> {
  const res = await fetch(relay.base + path, { headers: { authorization: `Bearer ${relay.token}` } });
  expect(res.status, path).toBe(200);
  return res.text();
}

/** Every file under `dir` (the SQLite store, its WAL, whatever else the relay keeps), as text. */
function everyFile(dir: string): Array<[string, string]> {
  return readdirSync(dir).flatMap((name): Array<[string, string]> => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? everyFile(path) : [[path, readFileSync(path).toString('latin1')]];
  });
}

/** The OAuth flow's exchanges in a bundle, as recorded. */
function authExchanges(bundle: string): HttpExchange[] {
  return wholeBundle(bundle)
    .flatMap((e) => (e.type === 'frame' && e.frame.kind === 'http' ? [JSON.parse(e.frame.text) as HttpExchange] : []))
    .filter((x) => x.purpose === 'auth' && x.state === 'complete');
}

function expectNone(text: string, where: string) {
  for (const s of secrets()) expect(text.includes(s), `${where} holds ${s}`).toBe(false);
}

beforeAll(async () => {
  [server, relay] = await Promise.all([startRemoteServer(join(FIXTURES, 'oauth-server.mjs'), [], { OAUTH_PLANT: '1' }), startRelay()]);
  const s = await openRemoteSession(relay, {
    url: server.url('/mcp'),
    transport: 'http',
    headers: {},
    auth: { type: 'oauth', open: 'fetch', tokenCache: false },
  });
  sid = s.sid;
  await s.handshake();
  const who = await s.request(2, 'tools/call', { name: 'whoami', arguments: {} });
  expect(JSON.stringify(who.body)).toContain('scopes mcp:read');
  s.sock.close();
  await relay.api(`/api/sessions/${sid}/stop`, { method: 'POST' });
  exports.bundle = await download(`/api/sessions/${sid}/bundle`);
  exports.har = await download(`/api/sessions/${sid}/repro/har.json`);
  exports.curl = await download(`/api/sessions/${sid}/repro/curl.sh`);
  exports.frames = await download(`/api/sessions/${sid}/repro/client-frames.jsonl`);
  // The share file: its compressed data decoded, where a secret would hide from a plain search of the file.
  exports.shareFile = await download(`/api/sessions/${sid}/share`);
  exports.shareData = shareText(exports.shareFile);
}, 120_000);

afterAll(async () => {
  await Promise.all([relay?.stop(), server?.stop()]);
});

describe('OAuth secrets in recorded bodies', () => {
  it('recorded the redirect page and the token response, masked (so the checks below look at something)', () => {
    // code, state, access, refresh and id tokens of one flow, a client secret, and the page's planted values.
    expect(secrets().length).toBeGreaterThanOrEqual(15);
    const auth = authExchanges(exports.bundle!);
    const page = auth.find((x) => x.response?.status === 302)?.response?.body ?? '';
    expect(page).toContain('&amp;code=••••');
    expect(page).toContain('<meta http-equiv="refresh" content="0;url=http://127.0.0.1:');
    expect(page).toContain('<input type="hidden" name="code" value="••••">');
    expect(page).toContain('&quot;client_assertion&quot;:&quot;••••&quot;');
    expect(page).toContain('"refresh_token":"••••"');
    const token = auth.find((x) => x.request.url.endsWith('/token'))?.response?.body ?? '';
    expect(token).toContain('"id_token":"••••"');
    expect(exports.har).toContain('client_assertion=••••');
  });

  it('leaves none of the planted or issued values in the bundle, the HAR log, the curl script, the client frames or the share file', () => {
    for (const [kind, text] of Object.entries(exports)) expectNone(text, kind);
  });

  it("leaves none of them in the relay's data directory (the SQLite store and its WAL included)", async () => {
    await relay.stop();
    const files = everyFile(relay.dataDir);
    expect(files.some(([p]) => p.endsWith('.db') || p.endsWith('.sqlite'))).toBe(true);
    for (const [path, text] of files) expectNone(text, path);
  });

  it('leaves none of them in the bundle that mcpscope call --bundle writes', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'mcpscope-oauth-bundle-')), 'call.bundle.json');
    const before = secrets().length;
    const run = await runCli([
      'call',
      '--url',
      server.url('/mcp'),
      '--transport',
      'http',
      '--auth',
      'oauth',
      '--oauth-open',
      'fetch',
      '--no-token-cache',
      '--bundle',
      file,
      '--method',
      'tools/call',
      '--params',
      '{"name":"whoami","arguments":{}}',
      '--no-list',
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(secrets().length).toBeGreaterThan(before);
    const text = readFileSync(file, 'utf8');
    expect(authExchanges(text).some((x) => x.response?.body.includes('&amp;code=••••'))).toBe(true);
    expectNone(text, 'the call bundle');
  });
});
