// The long-running heuristic and the arguments it makes, on the schemas of the real servers the check meets.
import { describe, expect, it } from 'vitest';
import { isLongRunning, longRunArguments } from '../../../shared/check/long-running.js';

/** server-everything's trigger-long-running-operation: a total duration in seconds and a number of steps. */
const EVERYTHING = {
  name: 'trigger-long-running-operation',
  inputSchema: { type: 'object', properties: { duration: { type: 'number', default: 10 }, steps: { type: 'number', default: 5 } } },
};
/** The demo's slow_count: steps and a pause per step in milliseconds, both bounded integers. */
const DEMO = {
  name: 'slow_count',
  inputSchema: {
    type: 'object',
    properties: { steps: { type: 'integer', minimum: 1, maximum: 100, default: 5 }, delayMs: { type: 'integer', minimum: 0, maximum: 10000, default: 500 } },
  },
};

describe('the long-running tool heuristic', () => {
  it('knows a tool by its name or by a numeric duration or steps argument, and nothing else', () => {
    expect(isLongRunning(EVERYTHING)).toBe(true);
    expect(isLongRunning(DEMO)).toBe(true);
    expect(isLongRunning({ name: 'fetch', inputSchema: { type: 'object', properties: { timeoutSeconds: { type: 'number' } } } })).toBe(false);
    expect(isLongRunning({ name: 'render', inputSchema: { type: 'object', properties: { sleep_seconds: { type: 'integer' } } } })).toBe(true);
    expect(isLongRunning({ name: 'echo', inputSchema: { type: 'object', properties: { steps: { type: 'string' } } } })).toBe(false);
    expect(isLongRunning({ name: 'waitForBuild', inputSchema: { type: 'object' } })).toBe(true);
    // The conformance suite's reference server: no arguments, but named for what it does.
    expect(isLongRunning({ name: 'test_tool_with_progress', inputSchema: { type: 'object', properties: {} } })).toBe(true);
  });

  it('makes a brief run and a longer one, in seconds or milliseconds as the argument is named', () => {
    expect(longRunArguments(EVERYTHING, 'brief')).toEqual({ duration: 1, steps: 3 });
    expect(longRunArguments(EVERYTHING, 'midway')).toEqual({ duration: 2, steps: 5 });
    expect(longRunArguments(DEMO, 'brief')).toEqual({ steps: 3, delayMs: 20 });
    expect(longRunArguments(DEMO, 'midway')).toEqual({ steps: 5, delayMs: 400 });
  });

  it("keeps each value within the schema's bounds, and gives up when the schema cannot be met", () => {
    const bounded = {
      name: 'slow',
      inputSchema: { type: 'object', properties: { seconds: { type: 'integer', minimum: 5 }, steps: { type: 'integer', maximum: 2 } } },
    };
    expect(longRunArguments(bounded, 'brief')).toEqual({ seconds: 5, steps: 2 });
    const patterned = { name: 'slow', inputSchema: { type: 'object', properties: { job: { type: 'string', pattern: '^[0-9]+$' } }, required: ['job'] } };
    expect(longRunArguments(patterned, 'brief')).toBeNull();
  });
});
