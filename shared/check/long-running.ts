// Which of a server's tools is long-running (for the progress and cancellation checks), and arguments that make it run
// briefly (to watch its progress to the end) or for a while (to cancel it midway). The heuristic, documented in
// docs/check.md: a tool named so (long-running, slow, sleep, delay, wait, countdown, progress), or one with a numeric argument
// for a duration (duration, seconds, delay, sleep, wait, interval) or a number of steps (steps, iterations, ticks).
import { isPlainObject } from '../jsonrpc.js';
import { JsonSchemaValidator } from '../lint/json-schema-validator.js';
import type { CheckContext } from './check-types.js';
import { argumentsFor } from './schema-arguments.js';
import { inputSchemaProblem, toolList } from './tool-checks.js';

const NAMED = /long[-_ ]?running|slow|sleep|delay|wait|countdown|progress/i;
const DURATION_WORDS = new Set(['duration', 'seconds', 'secs', 'delay', 'sleep', 'wait', 'interval']);
const STEP_WORDS = new Set(['steps', 'iterations', 'ticks']);
const MS_WORDS = new Set(['ms', 'millis', 'milliseconds']);

/** How long a run should take: `brief` for watching progress to the end, `midway` for cancelling while it works. */
export type RunLength = 'brief' | 'midway';
/** seconds / milliseconds / steps for each run length: a second or two at most, so the check stays quick. */
const VALUES: Record<RunLength, { s: number; ms: number; steps: number }> = {
  brief: { s: 1, ms: 20, steps: 3 },
  midway: { s: 2, ms: 400, steps: 5 },
};

/** `delayMs`, `step_count`, `sleep-seconds` → its lower-case words. */
const wordsOf = (name: string) => name.split(/(?<=[a-z0-9])(?=[A-Z])|[_\-\s.]+/).map((w) => w.toLowerCase());

function isNumeric(schema: unknown): schema is Record<string, unknown> {
  if (!isPlainObject(schema)) return false;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.includes('number') || types.includes('integer');
}

/** What a numeric argument measures: a duration (in seconds or ms), a number of steps, or neither. */
function measureOf(name: string): 's' | 'ms' | 'steps' | null {
  const words = wordsOf(name);
  // A timeout bounds a run; it does not make one long.
  if (words.includes('timeout')) return null;
  if (words.some((w) => STEP_WORDS.has(w))) return 'steps';
  if (words.some((w) => DURATION_WORDS.has(w))) return words.some((w) => MS_WORDS.has(w)) ? 'ms' : 's';
  if (words.some((w) => MS_WORDS.has(w))) return 'ms';
  return null;
}

function numericProperties(tool: Record<string, unknown>): [string, Record<string, unknown>][] {
  const schema = tool.inputSchema;
  const props = isPlainObject(schema) && isPlainObject(schema.properties) ? schema.properties : {};
  return Object.entries(props).filter((e): e is [string, Record<string, unknown>] => isNumeric(e[1]));
}

export function isLongRunning(tool: Record<string, unknown>): boolean {
  if (NAMED.test(String(tool.name ?? '')) || NAMED.test(String(tool.title ?? ''))) return true;
  return numericProperties(tool).some(([name]) => measureOf(name) !== null);
}

function clamp(value: number, schema: Record<string, unknown>): number {
  const min = typeof schema.minimum === 'number' ? schema.minimum : -Infinity;
  const max = typeof schema.maximum === 'number' ? schema.maximum : Infinity;
  const v = Math.min(Math.max(value, min), max);
  return schema.type === 'integer' ? Math.ceil(v) : v;
}

/** Arguments for a run of the given length (the schema's own values for the rest), or null when they do not fit the schema. */
export function longRunArguments(tool: Record<string, unknown>, length: RunLength): Record<string, unknown> | null {
  const args = argumentsFor(tool.inputSchema);
  for (const [name, schema] of numericProperties(tool)) {
    const m = measureOf(name);
    if (m !== null) args[name] = clamp(VALUES[length][m], schema);
  }
  return new JsonSchemaValidator().getValidator(tool.inputSchema as never)(args).valid ? args : null;
}

/** The first long-running tool the run may call and can make arguments for; kept for the checks after the first. */
export async function longRunningTool(ctx: CheckContext): Promise<Record<string, unknown> | null> {
  if (ctx.facts.has('longRunning')) return ctx.facts.get('longRunning') as Record<string, unknown> | null;
  const tools = (await toolList(ctx)).items;
  const found =
    tools.find((t) => isLongRunning(t) && ctx.mayCall(t) && inputSchemaProblem(t.inputSchema) === null && longRunArguments(t, 'brief') !== null) ?? null;
  ctx.facts.set('longRunning', found);
  return found;
}

/** Why no long-running tool is checked, for a skip. */
export const NO_LONG_RUNNING_TOOL =
  'no long-running tool the run may call (named long-running, slow, sleep, delay, wait, countdown or progress, or with a numeric duration or steps argument; read-only, or named with --allow-tools)';
