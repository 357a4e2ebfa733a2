import { describe, expect, it } from 'vitest';
import { markerValue, marksIn } from '../../server/transports/spawn-marker.js';

const outer = '0123456789abcdef:3';
const inner = 'fedcba9876543210:1';

describe('spawn marks', () => {
  it('keeps the marks a nested mcpscope inherited, so the outer session still finds its servers', () => {
    expect(markerValue(inner, outer)).toBe(`${outer} ${inner}`);
    expect(marksIn(markerValue(inner, outer))).toEqual([outer, inner]);
  });

  it('is only its own mark when nothing was inherited', () => {
    expect(markerValue(inner, undefined)).toBe(inner);
  });

  it('ignores whatever in an inherited value does not have the shape of a mark', () => {
    expect(marksIn(`someone-else:1 ${outer} ../../x 0123:4 ${outer}x`)).toEqual([outer]);
    expect(markerValue(inner, `garbage ${inner}`)).toBe(inner);
  });
});
