import { describe, expect, it } from 'vitest';
import { compactJson, planSend } from '../../web/features/composer/send-plan.js';

describe('composer send plan', () => {
  it('sends one line of valid JSON exactly as typed, spaces included', () => {
    expect(planSend('{"jsonrpc": "2.0", "id": 1, "method": "ping"}', true)).toEqual({
      kind: 'ready',
      text: '{"jsonrpc": "2.0", "id": 1, "method": "ping"}',
      compacted: false,
    });
  });

  it('compacts multi-line JSON to one line when the toggle is on', () => {
    const plan = planSend('{\n  "jsonrpc": "2.0",\n  "method": "notifications/initialized"\n}\n', true);
    expect(plan).toEqual({ kind: 'ready', text: '{"jsonrpc":"2.0","method":"notifications/initialized"}', compacted: true });
  });

  it('asks for confirmation before sending multi-line JSON as is', () => {
    const plan = planSend('{\n"a":1\n}', false);
    expect(plan.kind).toBe('confirm');
    if (plan.kind === 'confirm') {
      expect(plan.text).toBe('{\n"a":1\n}');
      expect(plan.reasons.join(' ')).toMatch(/2 line breaks.*3 separate lines/);
    }
  });

  it('asks for confirmation before sending text that is not JSON, and says where it breaks', () => {
    const plan = planSend('{"jsonrpc":"2.0", broken', true);
    expect(plan.kind).toBe('confirm');
    if (plan.kind === 'confirm') {
      expect(plan.text).toBe('{"jsonrpc":"2.0", broken');
      expect(plan.reasons[0]).toMatch(/line 1, column 19/);
    }
  });

  it('never compacts invalid JSON, even with the toggle on', () => {
    const plan = planSend('{"a":\n1,}', true);
    expect(plan).toMatchObject({ kind: 'confirm', text: '{"a":\n1,}' });
  });

  it('has nothing to send for empty text', () => {
    expect(planSend('', true)).toEqual({ kind: 'empty' });
  });

  it('compacts only whitespace outside strings, keeping number spellings, escapes and duplicate keys', () => {
    const text = '{ "s": "a b\\" c\\\\", "n": 1.0e3 ,\n "n": -0, "u": "\\u00e9" }';
    expect(compactJson(text)).toBe('{"s":"a b\\" c\\\\","n":1.0e3,"n":-0,"u":"\\u00e9"}');
  });
});
