import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../shared/archive-api.js';
import type { TranscriptDiff } from '../../shared/replay/transcript-diff.js';
import type { FrameRecord, RelayConfig } from '../../shared/relay-protocol.js';
import { recordLaunchSession } from '../helpers/demo-session.js';
import { DEMO_SERVER, FIXTURES, ROOT, startRelay, type RelayHandle } from '../helpers/relay-process.js';
import { runCli } from '../helpers/run-cli.js';

const PROXY = join(FIXTURES, 'rewriting-proxy.mjs');
/** The demo server with one tool result changed: divide's error text. */
const CHANGED_DEMO = [process.execPath, PROXY, 'Cannot divide', 'Refusing to divide', '--', process.execPath, DEMO_SERVER];

let relay: RelayHandle;
let sid: string;
let bundleText: string;
let bundleFile: string;

beforeAll(async () => {
  relay = await startRelay({ command: [process.execPath, DEMO_SERVER] });
  sid = await recordLaunchSession(relay);
  const res = await fetch(`${relay.base}/api/sessions/${sid}/bundle`, { headers: { authorization: `Bearer ${relay.token}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-disposition')).toMatch(/attachment; filename=".*\.bundle\.json"/);
  bundleText = await res.text();
  bundleFile = join(mkdtempSync(join(tmpdir(), 'mcpscope-bundle-')), 'demo.bundle.json');
  writeFileSync(bundleFile, bundleText);
});

afterAll(async () => {
  await relay?.stop();
});

describe('a session recorded against the demo server, as a repro bundle', () => {
  it('exports recipe, negotiation, timed client frames, the transcript, findings and the environment', async () => {
    const bundle = JSON.parse(bundleText);
    expect(bundle.format).toBe('mcpscope-bundle');
    // Portable: this Node is `node`, the script is relative to the directory the relay ran it in (the repo root).
    expect(bundle.header.target).toEqual({ transport: 'stdio', command: 'node', args: ['dist/bundle/demo-server.js'], env: {} });
    expect(bundle.header.origin).toMatchObject({ cwd: ROOT, command: process.execPath, relativeArgs: [0] });
    expect(bundle.header.negotiated).toMatchObject({
      via: 'initialize',
      requestedVersion: '2025-11-25',
      protocolVersion: '2025-11-25',
      serverInfo: { name: 'mcpscope-demo' },
    });
    expect(bundle.header.environment).toMatchObject({ mcpscope: expect.any(String), node: process.version });
    expect(bundle.clientFrames).toHaveLength(8);
    expect(bundle.clientFrames.every((f: { offsetMs: number }) => f.offsetMs >= 0)).toBe(true);
    const { body } = await relay.api<{ frames: FrameRecord[] }>(`/api/sessions/${sid}/frames?afterSeq=0&limit=10000`);
    expect(bundle.transcript).toEqual(body.frames);
    expect(Array.isArray(bundle.findings)).toBe(true);
    expect(bundle.trailer).toMatchObject({ frames: body.frames.length, clientFrames: 8 });
  });

  it('imports as a new read-only session holding the same frames', async () => {
    const res = await relay.api<{ session: HistoryEntry; frames: number }>('/api/bundles', {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: bundleText,
    });
    expect(res.status).toBe(201);
    const imported = res.body.session;
    expect(imported).toMatchObject({ origin: 'imported', live: false, status: 'stopped' });
    const a = await relay.api<{ frames: FrameRecord[] }>(`/api/sessions/${sid}/frames?afterSeq=0&limit=10000`);
    const b = await relay.api<{ frames: FrameRecord[] }>(`/api/sessions/${imported.id}/frames?afterSeq=0&limit=10000`);
    expect(b.body.frames).toEqual(a.body.frames);
    const send = await relay.api(`/api/sessions/${imported.id}/restart`, { method: 'POST' });
    expect(send.status).toBe(409);
  });

  it('replays against a server whose divide text changed and reports exactly that difference', async () => {
    const [command, ...args] = CHANGED_DEMO;
    const res = await relay.api<{ diff: TranscriptDiff; text: string; session: HistoryEntry }>(`/api/sessions/${sid}/replay`, {
      method: 'POST',
      body: JSON.stringify({ target: { transport: 'stdio', command, args } }),
    });
    expect(res.status).toBe(200);
    const { diff } = res.body;
    expect(diff.entries).toEqual([
      expect.objectContaining({
        status: 'changed',
        label: '← answer to tools/call divide #6',
        changes: [{ path: 'result.content[0].text', change: 'changed', old: 'Cannot divide 1 by zero.', new: 'Refusing to divide 1 by zero.' }],
      }),
    ]);
    expect(diff.summary).toMatchObject({ changed: 1, added: 0, removed: 0 });
    expect(res.body.session).toMatchObject({ origin: 'replay', live: false });
  });

  it('replays against the recorded target with fresh ids and finds nothing different', async () => {
    const res = await relay.api<{ diff: TranscriptDiff }>(`/api/sessions/${sid}/replay`, { method: 'POST', body: JSON.stringify({ preserveIds: false }) });
    expect(res.status).toBe(200);
    expect(res.body.diff.entries).toEqual([]);
    expect(res.body.diff.identical).toBe(true);
  });

  it('mcpscope replay exits 0 against the same server, 1 against the changed one and 2 on a missing bundle', async () => {
    // No command: the recipe's relative path resolves against the directory replay runs in, the repo root.
    const same = await runCli(['replay', bundleFile, '--yes'], {}, ROOT);
    expect(same.stdout).toMatch(/^identical: 1[0-9] same, 0 changed, 0 added, 0 removed/m);
    expect(same.code).toBe(0);
    const changed = await runCli(['replay', bundleFile, '--', ...CHANGED_DEMO]);
    expect(changed.code).toBe(1);
    expect(changed.stdout).toContain('~ ← answer to tools/call divide #6');
    expect(changed.stdout).toContain('result.content[0].text: "Cannot divide 1 by zero." → "Refusing to divide 1 by zero."');
    expect(changed.stdout).toMatch(/^differs: .*1 changed, 0 added, 0 removed/m);
    const missing = await runCli(['replay', join(tmpdir(), 'no-such-bundle.json')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('cannot read');
  });

  it('mcpscope open starts the relay on the bundle, imported as a read-only session', async () => {
    const proc = await startRelay({ leading: ['open', bundleFile] });
    try {
      const { body: config } = await proc.api<RelayConfig>('/api/config');
      expect(config.launchSessionId).toBeTruthy();
      const { body: info } = await proc.api<HistoryEntry>(`/api/sessions/${config.launchSessionId}`);
      expect(info).toMatchObject({ live: false, name: expect.any(String) });
      const { body: frames } = await proc.api<{ frames: FrameRecord[] }>(`/api/sessions/${config.launchSessionId}/frames?afterSeq=0&limit=10000`);
      expect(frames.frames).toHaveLength(JSON.parse(bundleText).transcript.length);
    } finally {
      await proc.stop();
    }
  });
});
