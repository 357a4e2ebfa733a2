// The robustness presets' lanes: contiguous slices of the table, every preset once, in order, as even as can be.
import { describe, expect, it } from 'vitest';
import { robustnessPresets } from '../../../server/check/robustness-checks.js';
import { presetLanes } from '../../../shared/fault-lab/index.js';

describe('the robustness presets split into lanes', () => {
  for (const overHttp of [false, true]) {
    it(`gives every ${overHttp ? 'HTTP' : 'stdio'} preset exactly once, in table order, in four slices that differ by at most one`, () => {
      const presets = robustnessPresets(overHttp);
      const lanes = presetLanes(presets, 4);
      expect(lanes).toHaveLength(4);
      expect(lanes.flat().map((p) => p.id)).toEqual(presets.map((p) => p.id));
      const sizes = lanes.map((l) => l.length);
      expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
    });
  }

  it('opens no more lanes than there are presets, none for no preset, and one holding the whole table by default', () => {
    const three = robustnessPresets(false).slice(0, 3);
    expect(presetLanes(three, 4).map((l) => l.map((p) => p.id))).toEqual(three.map((p) => [p.id]));
    expect(presetLanes([], 4)).toEqual([]);
    expect(presetLanes(robustnessPresets(false), 1)).toEqual([robustnessPresets(false)]);
  });
});
