// mcpscope export --html against a real server: a session recorded from server-everything exports to one HTML file,
// which is also a bundle: replay runs it against the same server (exit 0: identical), the relay's import and
// `mcpscope open` take it, and the relay's Share route serves the same file.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FrameRecord, RelayConfig } from '../../shared/relay-protocol.js';
import { driveSession } from '../helpers/demo-session.js';
import { EVERYTHING_SERVER, startRelay, type RelayHandle } from '../helpers/relay-process.js';
import { runCli } from '../helpers/run-cli.js';
import { shareContents } from '../helpers/share-file.js';

const rpc = (id: number, method: string, params?: unknown) => JSON.stringify({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) });
const SCRIPT = [
  rpc(1, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'mcpscope-test', version: '0' } }),
  '{"jsonrpc":"2.0","method":"notifications/initialized"}',
  rpc(2, 'tools/list'),
  rpc(3, 'tools/call', { name: 'echo', arguments: { message: 'shared <b>bold</b>' } }),
  rpc(4, 'ping'),
];

let relay: RelayHandle;
let sid: string;
let recorded: FrameRecord[];
const dir = mkdtempSync(join(tmpdir(), 'mcpscope-export-'));
const everything = [process.execPath, EVERYTHING_SERVER, 'stdio'];

beforeAll(async () => {
  relay = await startRelay({ command: everything });
  const { body: config } = await relay.api<RelayConfig>('/api/config');
  sid = config.launchSessionId!;
  await driveSession(relay, sid, SCRIPT);
  await relay.api(`/api/sessions/${sid}/stop`, { method: 'POST' });
  const { body } = await relay.api<{ frames: FrameRecord[] }>(`/api/sessions/${sid}/frames?afterSeq=0&limit=10000`);
  recorded = body.frames;
}, 120_000);

afterAll(async () => {
  await relay?.stop();
});

describe.concurrent('mcpscope export --html', () => {
  it('writes a session of the store as one HTML file holding every frame as recorded, which replays against the same server with exit 0', async () => {
    const file = join(dir, 'session.html');
    const run = await runCli(['export', sid, '--html', '-o', file, '--data-dir', relay.dataDir]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(`wrote ${file} (${recorded.length} frames`);
    const html = readFileSync(file, 'utf8');
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toMatch(/<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'sha256-/);
    expect(shareContents(html).frames).toEqual(recorded);

    // The viewer inside: compressed, run by its hashes alone, rendered by Preact rather than React DOM (whose production
    // errors point at react.dev), and small: Monaco alone would be megabytes. The file is within 1.2× the gzipped bundle
    // from ~880 kB of gzipped bundle on because the viewer is this size (docs/share.md).
    expect(html).not.toMatch(/unsafe-inline|unsafe-eval/);
    const viewer = /id="mcpscope-viewer-script">([^<]+)</.exec(html)?.[1] ?? '';
    expect(viewer.length).toBeGreaterThan(100_000);
    expect(viewer.length).toBeLessThan(250_000);
    expect(gunzipSync(Buffer.from(viewer, 'base64')).toString('utf8')).not.toContain('react.dev/errors');

    const replay = await runCli(['replay', file, '--', ...everything]);
    expect(replay.code, replay.stdout + replay.stderr).toBe(0);
    expect(replay.stdout).toMatch(/^identical: /m);
  }, 120_000);

  it("writes a bundle file as HTML too, and the relay's Share route serves the same recording", async () => {
    const res = await fetch(`${relay.base}/api/sessions/${sid}/bundle`, { headers: { authorization: `Bearer ${relay.token}` } });
    const bundle = join(dir, 'rec.bundle.json');
    writeFileSync(bundle, await res.text());
    const run = await runCli(['export', bundle, '--html'], {}, dir);
    expect(run.code, run.stderr).toBe(0);
    const fromBundle = shareContents(readFileSync(join(dir, 'rec.html'), 'utf8'));
    expect(fromBundle.frames).toEqual(recorded);

    const route = await fetch(`${relay.base}/api/sessions/${sid}/share`, { headers: { authorization: `Bearer ${relay.token}` } });
    expect(route.status).toBe(200);
    expect(route.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(route.headers.get('content-disposition')).toMatch(/^attachment; filename="mcpscope-.*\.html"$/);
    expect(shareContents(await route.text()).frames).toEqual(recorded);
    const refused = await fetch(`${relay.base}/api/sessions/${sid}/share`);
    expect(refused.status).toBe(401);
  }, 120_000);

  it("the relay's import and mcpscope open take the HTML file as the bundle it carries", async () => {
    const file = join(dir, 'import.html');
    expect((await runCli(['export', sid, '--html', '-o', file, '--data-dir', relay.dataDir])).code).toBe(0);
    const imported = await relay.api<{ session: { id: string }; frames: number }>('/api/bundles', {
      method: 'POST',
      body: readFileSync(file),
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(imported.status).toBe(201);
    expect(imported.body.frames).toBe(recorded.length);
    const { body } = await relay.api<{ frames: FrameRecord[] }>(`/api/sessions/${imported.body.session.id}/frames?afterSeq=0&limit=10000`);
    expect(body.frames.map((f) => f.text)).toEqual(recorded.map((f) => f.text));

    const opened = await startRelay({ leading: ['open', file, '--yes'] });
    try {
      const { body: config } = await opened.api<RelayConfig>('/api/config');
      const { body: frames } = await opened.api<{ frames: FrameRecord[] }>(`/api/sessions/${config.launchSessionId}/frames?afterSeq=0&limit=10000`);
      expect(frames.frames.map((f) => f.text)).toEqual(recorded.map((f) => f.text));
      expect(opened.output()).toContain(`imported ${recorded.length} frames`);
    } finally {
      await opened.stop();
    }
  }, 120_000);

  it('says what is wrong, exit 2, and writes nothing: no format, an unknown session, a file that is not a bundle, a name that exists', async () => {
    const none = await runCli(['export', sid, '--data-dir', relay.dataDir]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('say which format to write: --html');
    const unknown = await runCli(['export', 'no-such-session', '--html', '--data-dir', relay.dataDir], {}, dir);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(`no session no-such-session in ${relay.dataDir}`);
    const junk = join(dir, 'junk.json');
    writeFileSync(junk, '{"not":"a bundle"}');
    const bad = await runCli(['export', junk, '--html', '-o', join(dir, 'junk.html')]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('not a valid bundle');
    expect(() => readFileSync(join(dir, 'junk.html'))).toThrow(/ENOENT/);
    writeFileSync(join(dir, 'taken.html'), 'mine');
    const res = await fetch(`${relay.base}/api/sessions/${sid}/bundle`, { headers: { authorization: `Bearer ${relay.token}` } });
    writeFileSync(join(dir, 'taken.json'), await res.text());
    const taken = await runCli(['export', join(dir, 'taken.json'), '--html'], {}, dir);
    expect(taken.code).toBe(2);
    expect(taken.stderr).toContain('exists; name the file to write with -o');
    expect(readFileSync(join(dir, 'taken.html'), 'utf8')).toBe('mine');
  }, 120_000);
});
