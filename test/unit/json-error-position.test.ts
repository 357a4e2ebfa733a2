import { describe, expect, it } from 'vitest';
import { jsonErrorPosition } from '../../web/lib/editor/json-error-position.js';

describe('json error position', () => {
  it('accepts every kind of valid JSON', () => {
    for (const text of ['{}', '[]', ' 1 ', '-0.5e+3', '"a\\u00e9\\n"', '{"a":[1,{"b":null}],"c":true}', '[false]']) {
      expect(jsonErrorPosition(text), text).toBeNull();
      expect(() => JSON.parse(text)).not.toThrow();
    }
  });

  it('points at the first character that breaks the JSON', () => {
    expect(jsonErrorPosition('hello')).toMatchObject({ offset: 0, line: 1, column: 1 });
    expect(jsonErrorPosition('{"a":1,}')).toMatchObject({ offset: 7, expected: "'\"'" });
    expect(jsonErrorPosition('{"a":1} x')).toMatchObject({ offset: 8, expected: 'end of input' });
    expect(jsonErrorPosition('[1 2]')).toMatchObject({ offset: 3 });
  });

  it('counts lines and columns for multi-line text', () => {
    expect(jsonErrorPosition('{\n  "a": 1\n  "b": 2\n}')).toMatchObject({ line: 3, column: 3 });
  });

  it('rejects raw newlines inside strings and truncated input', () => {
    expect(jsonErrorPosition('{"a":"x\ny"}')).toMatchObject({ offset: 7 });
    expect(jsonErrorPosition('{"jsonrpc":"2.0","id":1,"res')).toMatchObject({ offset: 28 });
    expect(jsonErrorPosition('')).toMatchObject({ offset: 0 });
  });
});
