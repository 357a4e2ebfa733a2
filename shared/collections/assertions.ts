// Grades one step's assertions against what happened: its answer, how long it took, the lint findings on its frames,
// and the server's requests during it. Pure, so the CLI's runner and the page grade the same way.
import type { JsonSchemaValidatorProvider } from '../lint/lint-context.js';
import { SEVERITIES, type Severity } from '../lint/lint-types.js';
import type { Assertion, AssertionResult } from './collection-schema.js';
import { readPointer } from './variables.js';

export interface StepOutcome {
  method: string;
  /** The JSON-RPC response as it came (result or error), null when none came. */
  response: Record<string, unknown> | null;
  latencyMs: number | null;
  findings: readonly { ruleId: string; severity: Severity; seq: number; message: string }[];
  /** Requests the server sent while the step ran, and whether mcpscope answered each with a result. */
  serverRequests: readonly { method: string; answered: boolean }[];
}

/** A value for a one-line detail: JSON, cut at 200 characters. */
function shown(v: unknown): string {
  const text = v === undefined ? 'nothing' : (JSON.stringify(v) ?? String(v));
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}

/** JSON equality: the same types and values, object keys in any order. */
function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => jsonEqual(x, b[i]));
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && jsonEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

function errorOf(o: StepOutcome): string | null {
  const e = o.response?.error;
  if (o.response === null) return 'no answer came';
  if (e === undefined) return null;
  const err = e as { code?: unknown; message?: unknown };
  return `the server answered with error ${String(err.code)}: ${String(err.message)}`;
}

function atPointer(o: StepOutcome, pointer: string): { ok: true; value: unknown } | { ok: false; detail: string } {
  const failed = errorOf(o);
  if (failed !== null) return { ok: false, detail: failed };
  const read = readPointer(o.response!.result, pointer);
  return read.found ? { ok: true, value: read.value } : { ok: false, detail: `the result has nothing at ${pointer}` };
}

function grade(a: Assertion, o: StepOutcome, validator: JsonSchemaValidatorProvider): { pass: boolean; detail: string } {
  if ('equals' in a) {
    const at = atPointer(o, a.pointer);
    if (!at.ok) return { pass: false, detail: at.detail };
    return jsonEqual(at.value, a.equals)
      ? { pass: true, detail: `${a.pointer || '(result)'} is ${shown(a.equals)}` }
      : { pass: false, detail: `${a.pointer || '(result)'} is ${shown(at.value)}, not ${shown(a.equals)}` };
  }
  if ('matches' in a) {
    const at = atPointer(o, a.pointer);
    if (!at.ok) return { pass: false, detail: at.detail };
    let re: RegExp;
    try {
      re = new RegExp(a.matches);
    } catch (err) {
      return { pass: false, detail: `/${a.matches}/ is not a regular expression: ${(err as Error).message}` };
    }
    if (typeof at.value !== 'string') return { pass: false, detail: `${a.pointer || '(result)'} is ${shown(at.value)}, not a string to match /${a.matches}/` };
    return re.test(at.value)
      ? { pass: true, detail: `${a.pointer || '(result)'} matches /${a.matches}/` }
      : { pass: false, detail: `${a.pointer || '(result)'} is ${shown(at.value)}, which does not match /${a.matches}/` };
  }
  if ('schema' in a) {
    const pointer = a.pointer ?? '';
    const at = atPointer(o, pointer);
    if (!at.ok) return { pass: false, detail: at.detail };
    let check: ReturnType<JsonSchemaValidatorProvider['getValidator']>;
    try {
      check = validator.getValidator(a.schema as never);
    } catch (err) {
      return { pass: false, detail: `the schema cannot be used: ${(err as Error).message}` };
    }
    const r = check(at.value);
    return r.valid
      ? { pass: true, detail: `${pointer || '(result)'} satisfies the schema` }
      : { pass: false, detail: `${pointer || '(result)'} fails the schema: ${r.errorMessage ?? 'invalid'}` };
  }
  if ('isError' in a) {
    const failed = errorOf(o);
    if (failed !== null) return { pass: false, detail: failed };
    const result = o.response!.result as Record<string, unknown> | undefined;
    return result?.isError === true ? { pass: false, detail: `the tool answered isError: true${textOf(result)}` } : { pass: true, detail: 'no isError' };
  }
  if ('latencyUnderMs' in a) {
    if (o.latencyMs === null) return { pass: false, detail: 'no answer came' };
    const ms = Math.round(o.latencyMs);
    return o.latencyMs < a.latencyUnderMs
      ? { pass: true, detail: `answered in ${ms} ms` }
      : { pass: false, detail: `answered in ${ms} ms, not under ${a.latencyUnderMs} ms` };
  }
  if ('noLintAtOrAbove' in a) {
    const worst = SEVERITIES.slice(0, SEVERITIES.indexOf(a.noLintAtOrAbove) + 1);
    const hits = o.findings.filter((f) => worst.includes(f.severity));
    if (hits.length === 0) return { pass: true, detail: `no ${worst.join(' or ')} finding` };
    const f = hits[0]!;
    return { pass: false, detail: `${hits.length} finding${hits.length === 1 ? '' : 's'}: ${f.ruleId} (${f.severity}) at #${f.seq}: ${f.message}` };
  }
  const asked = o.serverRequests.filter((r) => r.method === a.serverRequest);
  if (asked.length === 0)
    return {
      pass: false,
      detail: `the server sent no ${a.serverRequest} request${o.serverRequests.length ? ` (it sent ${o.serverRequests.map((r) => r.method).join(', ')})` : ''}`,
    };
  return asked.every((r) => r.answered)
    ? { pass: true, detail: `${a.serverRequest} asked ${asked.length}× and answered from the answers` }
    : { pass: false, detail: `${a.serverRequest} was asked, but not answered with a result (no answer for it in the answers?)` };
}

function textOf(result: Record<string, unknown>): string {
  const first = Array.isArray(result.content) ? (result.content[0] as { text?: unknown } | undefined) : undefined;
  return typeof first?.text === 'string' ? `: ${shown(first.text)}` : '';
}

export function checkAssertions(asserts: readonly Assertion[], o: StepOutcome, validator: JsonSchemaValidatorProvider): AssertionResult[] {
  return asserts.map((a) => ({ assertion: a as Record<string, unknown>, ...grade(a, o, validator) }));
}
