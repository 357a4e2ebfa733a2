import { describe, expect, it } from 'vitest';
import { appliesTo, bytesToText, FAULT_PRESETS, fromBase64, pickSlowTool, toBase64 } from '../../../shared/fault-lab/index.js';

describe('the fault preset catalogue', () => {
  it('gives every preset a unique id, a spec sentence and a payload', () => {
    expect(new Set(FAULT_PRESETS.map((p) => p.id)).size).toBe(FAULT_PRESETS.length);
    for (const p of FAULT_PRESETS) {
      expect(p.spec.length).toBeGreaterThan(5);
      const payload = p.build({ id: 9, protocolVersion: '2025-11-25' });
      // GET and DELETE carry no body; everything else sends something.
      if (p.http?.method === 'GET' || p.http?.method === 'DELETE') expect(payload).toEqual({ text: '' });
      else expect('text' in payload ? payload.text : payload.b64).not.toBe('');
    }
  });

  it('covers the faults the issue lists', () => {
    const ids = FAULT_PRESETS.map((p) => p.id);
    for (const id of ['invalid-json', 'null-id', 'invalid-utf8', 'bom', 'batch-empty', 'batch-initialize', 'cancel-unknown', 'rpc-method'])
      expect(ids).toContain(id);
  });

  it('offers the HTTP presets the issue lists only over HTTP, with DELETE (which ends the session) last', () => {
    const http = FAULT_PRESETS.filter((p) => p.http);
    expect(http.map((p) => p.id)).toEqual([
      'http-accept-missing',
      'http-accept-wrong',
      'http-content-type-wrong',
      'http-session-missing',
      'http-session-wrong',
      'http-session-unknown',
      'http-protocol-version-wrong',
      'http-origin-foreign',
      'http-host-foreign',
      'http-get',
      'http-put',
      'http-delete',
    ]);
    for (const p of http) {
      expect(appliesTo(p, 'http')).toBe(true);
      expect(appliesTo(p, 'stdio')).toBe(false);
    }
    expect(FAULT_PRESETS.at(-1)!.id).toBe('http-delete');
    expect(FAULT_PRESETS.find((p) => p.id === 'http-accept-missing')!.http).toEqual({ method: 'POST', headers: { Accept: null } });
  });

  it('sends the duplicate-id preset as a slow tool call and then a ping under the same id', () => {
    const p = FAULT_PRESETS.find((x) => x.id === 'duplicate-id')!;
    const ctx = { id: 4, protocolVersion: '2025-11-25', slowTool: pickSlowTool(['echo', 'trigger-long-running-operation']) };
    expect(JSON.parse(p.lead!(ctx))).toMatchObject({ id: 4, method: 'tools/call', params: { name: 'trigger-long-running-operation' } });
    expect(JSON.parse((p.build(ctx) as { text: string }).text)).toMatchObject({ id: 4, method: 'ping' });
    expect(pickSlowTool(['slow_count'])?.name).toBe('slow_count');
    expect(pickSlowTool(['echo'])).toBeNull();
  });

  it('keeps stdio framing faults off HTTP', () => {
    const crlf = FAULT_PRESETS.find((p) => p.id === 'crlf')!;
    expect(appliesTo(crlf, 'stdio')).toBe(true);
    expect(appliesTo(crlf, 'http')).toBe(false);
  });

  it('encodes invalid UTF-8 and a BOM as exact bytes that survive a round trip', () => {
    const bom = FAULT_PRESETS.find((p) => p.id === 'bom')!.build({ id: 3, protocolVersion: 'x' });
    const bytes = fromBase64('b64' in bom ? bom.b64 : '');
    expect(bytes.slice(0, 3)).toEqual([0xef, 0xbb, 0xbf]);
    expect(Buffer.from(toBase64(bytes), 'base64').equals(Buffer.from(bytes))).toBe(true);
    expect(bytesToText(bytes)).toBe('\uFEFF{"jsonrpc":"2.0","id":3,"method":"ping"}');
    const utf8 = FAULT_PRESETS.find((p) => p.id === 'invalid-utf8')!.build({ id: 3, protocolVersion: 'x' });
    expect(Buffer.from('b64' in utf8 ? utf8.b64 : '', 'base64').includes(Buffer.from([0xff, 0xfe]))).toBe(true);
  });

  it('reads half-typed base64 as the bytes so far and shows UTF-8 text with U+FFFD only for the bad bytes', () => {
    const typed = Buffer.from('{"é":1}\n').toString('base64');
    expect(fromBase64(typed)).toEqual([...Buffer.from('{"é":1}\n')]);
    expect(fromBase64(`${typed.slice(0, 5)} `)).toEqual([...Buffer.from(typed.slice(0, 4), 'base64')]);
    expect(bytesToText([0x7b, 0xc3, 0xa9, 0xff, 0x7d])).toBe('{é\uFFFD}');
  });
});
