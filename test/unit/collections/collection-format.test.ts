import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Validator, type Schema } from '@cfworker/json-schema';
import { describe, expect, it } from 'vitest';
import {
  COLLECTION_SCHEMA_FILE,
  RUN_REPORT_SCHEMA_FILE,
  collectionJsonSchema,
  runReportJsonSchema,
} from '../../../shared/collections/collection-json-schemas.js';
import { parseCollection, readPointer, resolveVariables, variableProblems, type Collection } from '../../../shared/collections/index.js';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const shipped = (file: string) => JSON.parse(readFileSync(join(ROOT, file), 'utf8')) as Schema;
const collection = (steps: unknown[], more: Record<string, unknown> = {}) => ({ version: 1, name: 'c', steps, ...more });
const parsed = (value: unknown): Collection => {
  const r = parseCollection(value);
  if (!r.ok) throw new Error(r.error);
  return r.collection;
};

describe('the collection file', () => {
  it('is the zod schema as the JSON Schemas the package ships (run scripts/write-check-schema.mjs after changing it)', () => {
    expect(shipped(COLLECTION_SCHEMA_FILE)).toEqual(collectionJsonSchema());
    expect(shipped(RUN_REPORT_SCHEMA_FILE)).toEqual(runReportJsonSchema());
  });

  it('accepts the test fixtures by both the zod schema and the shipped JSON Schema', () => {
    const v = new Validator(shipped(COLLECTION_SCHEMA_FILE), '2020-12');
    for (const name of ['demo-pass', 'demo-fail', 'sampling']) {
      const value = JSON.parse(readFileSync(join(ROOT, 'test', 'fixtures', 'collections', `${name}.collection.json`), 'utf8')) as unknown;
      expect(parseCollection(value).ok, name).toBe(true);
      expect(v.validate(value).valid, name).toBe(true);
    }
  });

  it('refuses two steps of one name, an unknown assertion, an unknown key and a bad pointer, saying where', () => {
    const twice = parseCollection(
      collection([
        { name: 'a', method: 'ping' },
        { name: 'a', method: 'ping' },
      ]),
    );
    expect(twice).toMatchObject({ ok: false, error: expect.stringContaining('steps.1.name: "a" names two steps') });
    expect(parseCollection(collection([{ name: 'a', method: 'ping', assert: [{ pointer: '/x', near: 1 }] }])).ok).toBe(false);
    expect(parseCollection(collection([{ name: 'a', method: 'ping', run: 'rm -rf /' }]))).toMatchObject({
      ok: false,
      error: expect.stringContaining('steps.0'),
    });
    expect(parseCollection(collection([{ name: 'a', method: 'ping', assert: [{ pointer: 'x', equals: 1 }] }]))).toMatchObject({
      ok: false,
      error: expect.stringContaining('JSON pointer'),
    });
    expect(parseCollection(collection([{ name: 'a b', method: 'ping' }])).ok).toBe(false);
    expect(parseCollection({ version: 2, name: 'c', steps: [{ name: 'a', method: 'ping' }] }).ok).toBe(false);
  });
});

describe('variables', () => {
  const from = {
    env: (n: string) => ({ HOST: 'example', N: '3' })[n],
    result: (s: string) => (s === 'list' ? { tools: [{ name: 'echo', n: 2 }], 'a/b': { '~': true } } : undefined),
  };

  it('fill ${env.NAME} and ${steps.<name>.result…} by pointer or dotted path, keeping the JSON type of a whole-string variable', () => {
    const r = resolveVariables(
      {
        a: '${steps.list.result/tools/0/n}',
        b: 'x ${env.HOST} ${steps.list.result.tools.0.name}',
        c: ['${steps.list.result/a~1b/~0}'],
        d: '${steps.list.result}',
      },
      from,
    );
    expect(r).toEqual({ ok: true, value: { a: 2, b: 'x example echo', c: [true], d: { tools: [{ name: 'echo', n: 2 }], 'a/b': { '~': true } } } });
    expect(resolveVariables('${env.N}', from)).toEqual({ ok: true, value: '3' });
  });

  it('say which variable could not be filled: a step without a result, a pointer to nothing', () => {
    expect(resolveVariables('${steps.other.result/x}', from)).toEqual({ ok: false, error: '${steps.other.result/x}: step other has no result' });
    expect(resolveVariables({ x: '${steps.list.result/tools/5}' }, from)).toEqual({
      ok: false,
      error: '${steps.list.result/tools/5}: the result of step list has nothing at /tools/5',
    });
  });

  it('are checked before a run: a typo, a later or unknown step, an unset environment variable', () => {
    const c = parsed(
      collection([
        { name: 'first', method: 'tools/call', params: { a: '${steps.second.result/x}', b: '${steps.nope.result}', c: '${envv.X}', d: '${env.MISSING}' } },
        { name: 'second', method: 'ping', assert: [{ pointer: '/x', equals: '${steps.first.result/y}' }] },
      ]),
    );
    expect(variableProblems(c, () => undefined)).toEqual([
      'step first: ${envv.X} is not a variable (${env.NAME} or ${steps.<name>.result/<pointer>})',
      'step first: ${steps.second.result…} reads a step that comes later',
      'step first: ${steps.nope.result…} reads no step of that name',
      'step first: the environment variable MISSING is not set',
    ]);
  });

  it('read JSON pointers as RFC 6901 does', () => {
    expect(readPointer({ a: [1, { b: 2 }] }, '/a/1/b')).toEqual({ found: true, value: 2 });
    expect(readPointer({ a: [1] }, '/a/01')).toEqual({ found: false });
    expect(readPointer({ a: null }, '/a')).toEqual({ found: true, value: null });
    expect(readPointer({}, '/constructor')).toEqual({ found: false });
  });
});
