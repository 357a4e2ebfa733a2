// A collection's variables: `${env.NAME}` from the environment the run is given, `${steps.<name>.result<pointer>}`
// from an earlier step's result (a JSON pointer `/a/0/b`, or dotted `.a.0.b`). A string that is one variable alone
// takes the value's JSON type; a variable inside a longer string is written into it as text.
import type { Collection } from './collection-schema.js';

const VARIABLE = /\$\{(?:env\.([A-Za-z_][A-Za-z0-9_]*)|steps\.([A-Za-z0-9_][A-Za-z0-9_-]*)\.result((?:[/.][^}]*)?))\}/g;
const ANY_VARIABLE = /\$\{([^}]*)\}/g;

type VariableRef = { kind: 'env'; name: string } | { kind: 'step'; step: string; pointer: string };

/** RFC 6901: `/a/0/b`; `~1` is `/` and `~0` is `~`. */
export function readPointer(value: unknown, pointer: string): { found: true; value: unknown } | { found: false } {
  if (pointer === '') return { found: true, value };
  let at: unknown = value;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (Array.isArray(at) && /^(0|[1-9][0-9]*)$/.test(key) && Number(key) < at.length) at = at[Number(key)];
    else if (at !== null && typeof at === 'object' && !Array.isArray(at) && Object.hasOwn(at, key)) at = (at as Record<string, unknown>)[key];
    else return { found: false };
  }
  return { found: true, value: at };
}

/** The dotted form `.a.0.b` as a pointer; a pointer stays as it is. */
function asPointer(path: string): string {
  return path.startsWith('.')
    ? path
        .slice(1)
        .split('.')
        .map((k) => `/${k.replaceAll('~', '~0').replaceAll('/', '~1')}`)
        .join('')
    : path;
}

function refOf(m: RegExpMatchArray): VariableRef {
  return m[1] !== undefined ? { kind: 'env', name: m[1] } : { kind: 'step', step: m[2]!, pointer: asPointer(m[3] ?? '') };
}

/** Every string inside a JSON value, depth first. */
function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (value !== null && typeof value === 'object') for (const v of Object.values(value)) strings(v, out);
  return out;
}

/** The variables a value uses, and the `${…}` that are not variables at all (a typo). */
function variablesIn(value: unknown): { refs: VariableRef[]; unknown: string[] } {
  const refs: VariableRef[] = [];
  const unknown: string[] = [];
  for (const s of strings(value)) {
    for (const m of s.matchAll(ANY_VARIABLE)) {
      const exact = [...m[0].matchAll(VARIABLE)][0];
      if (exact && exact[0] === m[0]) refs.push(refOf(exact));
      else unknown.push(m[0]);
    }
  }
  return { refs, unknown };
}

/**
 * What is wrong with a collection's variables before anything runs: a `${…}` that is no variable, a step that reads a
 * step that is not before it, an environment variable that is not set. Empty when all is well.
 */
export function variableProblems(c: Collection, env: (name: string) => string | undefined): string[] {
  const problems: string[] = [];
  const before = new Set<string>();
  for (const step of c.steps) {
    const { refs, unknown } = variablesIn([step.params, step.assert]);
    for (const u of unknown) problems.push(`step ${step.name}: ${u} is not a variable (\${env.NAME} or \${steps.<name>.result/<pointer>})`);
    for (const r of refs) {
      if (r.kind === 'env' && env(r.name) === undefined) problems.push(`step ${step.name}: the environment variable ${r.name} is not set`);
      if (r.kind === 'step' && !before.has(r.step))
        problems.push(
          `step ${step.name}: \${steps.${r.step}.result…} reads ${c.steps.some((s) => s.name === r.step) ? 'a step that comes later' : 'no step of that name'}`,
        );
    }
    before.add(step.name);
  }
  return problems;
}

export interface VariableSource {
  env(name: string): string | undefined;
  /** An earlier step's result; undefined when that step has none (it failed to run, or got an error). */
  result(step: string): unknown;
}

/** The value with every variable filled in, or the first one that could not be (a step with no such result). */
export function resolveVariables(value: unknown, from: VariableSource): { ok: true; value: unknown } | { ok: false; error: string } {
  let problem: string | null = null;
  const lookup = (ref: VariableRef, text: string): unknown => {
    if (ref.kind === 'env') return from.env(ref.name) ?? ((problem ??= `${text}: the environment variable ${ref.name} is not set`), '');
    const result = from.result(ref.step);
    const read = result === undefined ? { found: false as const } : readPointer(result, ref.pointer);
    if (!read.found)
      problem ??= result === undefined ? `${text}: step ${ref.step} has no result` : `${text}: the result of step ${ref.step} has nothing at ${ref.pointer}`;
    return read.found ? read.value : '';
  };
  const fill = (v: unknown): unknown => {
    if (typeof v === 'string') {
      const whole = [...v.matchAll(VARIABLE)];
      if (whole.length === 1 && whole[0]![0] === v) return lookup(refOf(whole[0]!), v);
      return v.replace(VARIABLE, (...m) => {
        const got = lookup(refOf(m as unknown as RegExpMatchArray), m[0] as string);
        return typeof got === 'string' ? got : JSON.stringify(got);
      });
    }
    if (Array.isArray(v)) return v.map(fill);
    if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fill(x)]));
    return v;
  };
  const filled = fill(value);
  return problem === null ? { ok: true, value: filled } : { ok: false, error: problem };
}
