import { describe, expect, it } from 'vitest';
import type { BundleHeader } from '../../../shared/bundle/bundle-format.js';
import { BundleError, BundleLineReader, type BundleEvent } from '../../../shared/bundle/bundle-reader.js';
import { bundleClosing, bundleOpening, sectionClosing, sectionItem, sectionOpening } from '../../../shared/bundle/bundle-layout.js';
import { negotiationOf } from '../../../shared/bundle/negotiation.js';
import type { FrameRecord } from '../../../shared/relay-protocol.js';

const header: BundleHeader = {
  exportedAt: '2026-11-30T00:00:00.000Z',
  environment: { mcpscope: '0.1.0', node: 'v20.19.0', os: 'linux 6.8.0 x64' },
  session: {
    id: 's1',
    name: 'demo',
    tags: ['t'],
    status: 'stopped',
    protocolVersion: '2025-11-25',
    startedAt: 1,
    endedAt: 2,
    exitCode: 0,
    signal: null,
    lastSeq: 2,
  },
  target: { transport: 'stdio', command: 'node', args: ['demo.js'], env: {} },
  negotiated: { requestedVersion: null, protocolVersion: null, via: null },
  range: { fromSeq: 0, toSeq: null },
  redacted: [],
};
const frame = (seq: number, text: string): FrameRecord => ({ seq, ts: seq, dir: 'in', kind: 'noise', text, size: text.length, method: null, rpcId: null });

function write(frames: FrameRecord[]): string {
  let s = bundleOpening(header) + sectionOpening('clientFrames') + sectionItem({ seq: 1, offsetMs: 0, text: 'a\nb' }, true) + sectionClosing();
  s += sectionOpening('transcript') + frames.map((f, i) => sectionItem(f, i === 0)).join('') + sectionClosing();
  s += sectionOpening('findings') + sectionClosing();
  return s + bundleClosing({ frames: frames.length, clientFrames: 1, findings: 0, redactions: 0 });
}

function read(text: string): BundleEvent[] {
  const r = new BundleLineReader();
  const events = text.split('\n').flatMap((l) => r.push(l));
  return [...events, ...r.end()];
}

describe('the bundle layout', () => {
  const frames = [frame(1, 'line with "quotes"\nand a newline'), frame(2, '],\n"trailer":{}}')];
  const text = write(frames);

  it('is valid JSON as a whole', () => {
    expect(JSON.parse(text)).toMatchObject({ format: 'mcpscope-bundle', formatVersion: 1, header, transcript: frames, findings: [], trailer: { frames: 2 } });
  });

  it('reads back line by line into the same header, client frames and frames', () => {
    const events = read(text);
    expect(events.map((e) => e.type)).toEqual(['header', 'clientFrame', 'frame', 'frame', 'trailer']);
    expect(events.filter((e) => e.type === 'frame').map((e) => (e as { frame: FrameRecord }).frame)).toEqual(frames);
  });

  it('still reads a bundle an editor re-indented, by parsing it whole', () => {
    const events = read(JSON.stringify(JSON.parse(text), null, 2));
    expect(events.map((e) => e.type)).toEqual(['header', 'clientFrame', 'frame', 'frame', 'trailer']);
  });

  it('refuses a truncated bundle, a foreign JSON file and a broken header', () => {
    expect(() => read(text.slice(0, text.indexOf('"findings"')))).toThrow(/truncated/);
    expect(() => read('{"hello": "world"}')).toThrow(BundleError);
    expect(() => read(text.replace('"status":"stopped"', '"status":"bogus"'))).toThrow(/header is not valid/);
  });
});

describe('reading the negotiation', () => {
  it('takes versions, infos and capabilities from the initialize exchange', () => {
    const req: FrameRecord = {
      ...frame(
        1,
        JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion: '2025-06-18', capabilities: { roots: {} }, clientInfo: { name: 'c' } },
        }),
      ),
      dir: 'out',
      method: 'initialize',
    };
    const res = frame(
      2,
      JSON.stringify({ jsonrpc: '2.0', id: 1, result: { protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 's' } } }),
    );
    expect(negotiationOf(req, res)).toEqual({
      via: 'initialize',
      requestedVersion: '2025-06-18',
      protocolVersion: '2025-06-18',
      clientInfo: { name: 'c' },
      clientCapabilities: { roots: {} },
      serverInfo: { name: 's' },
      serverCapabilities: { tools: {} },
    });
    expect(negotiationOf(null, null)).toEqual({ via: null, requestedVersion: null, protocolVersion: null });
  });
});
