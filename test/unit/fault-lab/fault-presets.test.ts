import { describe, expect, it } from 'vitest';
import { appliesTo, bytesToText, FAULT_PRESETS, fromBase64, toBase64 } from '../../../shared/fault-lab/index.js';

describe('the fault preset catalogue', () => {
  it('gives every preset a unique id, a spec sentence and a payload', () => {
    expect(new Set(FAULT_PRESETS.map((p) => p.id)).size).toBe(FAULT_PRESETS.length);
    for (const p of FAULT_PRESETS) {
      expect(p.spec.length).toBeGreaterThan(5);
      const payload = p.build({ id: 9, protocolVersion: '2025-11-25' });
      expect('text' in payload ? payload.text : payload.b64).not.toBe('');
    }
  });

  it('covers the faults the issue lists', () => {
    const ids = FAULT_PRESETS.map((p) => p.id);
    for (const id of ['invalid-json', 'null-id', 'invalid-utf8', 'bom', 'batch-empty', 'batch-initialize', 'cancel-unknown', 'rpc-method']) expect(ids).toContain(id);
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
});
