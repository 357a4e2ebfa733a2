// The schema list handed to Monaco's JSON defaults changes only when it must: every change stops Monaco's JSON worker
// and the next validation starts a new one (web/lib/editor/monaco-json-schemas.ts). Monaco's side is its
// `jsonDefaults` object, recorded here; the worker restarts themselves are counted in a real page by
// test/e2e/panels.test.ts.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Monaco } from '@monaco-editor/react';
import type * as Schemas from '../../../web/lib/editor/monaco-json-schemas.js';

type SchemaList = { uri: string; fileMatch: string[]; schema: unknown }[];
let mod: typeof Schemas;
let calls: { schemas: SchemaList; enableSchemaRequest: boolean; validate: boolean }[];
let monaco: Monaco;

beforeEach(async () => {
  vi.resetModules();
  mod = await import('../../../web/lib/editor/monaco-json-schemas.js');
  calls = [];
  const defaults = {
    diagnosticsOptions: { validate: true, allowComments: false, enableSchemaRequest: false, schemas: [] as SchemaList },
    setDiagnosticsOptions(options: (typeof calls)[number]) {
      calls.push(options);
      defaults.diagnosticsOptions = { ...defaults.diagnosticsOptions, ...options };
    },
  };
  monaco = { json: { jsonDefaults: defaults } } as unknown as Monaco;
});

const uris = (n = calls.length - 1) => calls[n]!.schemas.map((s) => s.fileMatch[0]);

describe('attachJsonSchema', () => {
  it("hands Monaco the schema for the model's own URI, keeping its other options, and never asks for schemas over the network", () => {
    const schema = { type: 'object', properties: { a: { type: 'number' } } };
    mod.attachJsonSchema(monaco, 'mcpscope://tools/add/arguments.json', schema);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ validate: true, enableSchemaRequest: false });
    expect(calls[0]!.schemas).toEqual([{ uri: 'mcpscope://tools/add/arguments.json.schema.json', fileMatch: ['mcpscope://tools/add/arguments.json'], schema }]);
  });

  it('changes nothing when the same schema is attached to the same model again (an editor remounted, a tool picked again)', () => {
    const schema = { type: 'object' };
    mod.attachJsonSchema(monaco, 'm://a', schema);
    mod.attachJsonSchema(monaco, 'm://b', { type: 'object' });
    mod.attachJsonSchema(monaco, 'm://a', schema);
    mod.attachJsonSchema(monaco, 'm://b', calls[1]!.schemas[1]!.schema);
    expect(calls).toHaveLength(2);
    expect(uris()).toEqual(['m://a', 'm://b']);
  });

  it("keeps the other models' schemas, and replaces a model's schema when it changes (a tool's list_changed)", () => {
    mod.attachJsonSchema(monaco, 'm://a', { type: 'object' });
    mod.attachJsonSchema(monaco, 'm://b', { type: 'object' });
    const changed = { type: 'object', required: ['x'] };
    mod.attachJsonSchema(monaco, 'm://a', changed);
    expect(calls).toHaveLength(3);
    expect(uris()).toEqual(['m://b', 'm://a']);
    expect(calls[2]!.schemas.find((s) => s.fileMatch[0] === 'm://a')!.schema).toBe(changed);
  });

  it('keeps at most MAX_JSON_SCHEMAS, dropping the one used longest ago', () => {
    const first = { type: 'object' };
    mod.attachJsonSchema(monaco, 'm://first', first);
    for (let i = 1; i < mod.MAX_JSON_SCHEMAS; i++) mod.attachJsonSchema(monaco, `m://${i}`, {});
    // Used again (no change to the list), so m://1 is now the oldest.
    mod.attachJsonSchema(monaco, 'm://first', first);
    const before = calls.length;
    mod.attachJsonSchema(monaco, 'm://one-more', {});
    expect(calls).toHaveLength(before + 1);
    expect(uris()).toHaveLength(mod.MAX_JSON_SCHEMAS);
    expect(uris()).toContain('m://first');
    expect(uris()).not.toContain('m://1');
    expect(uris().at(-1)).toBe('m://one-more');
  });
});

describe('offerJsonSchemas', () => {
  it('hands nothing to Monaco by itself, then everything offered with the next attach, in one change', () => {
    const schemas = { a: { type: 'object' }, b: { type: 'object' }, c: { type: 'object' } };
    mod.offerJsonSchemas(Object.entries(schemas).map(([name, s]) => [`m://${name}`, s] as const));
    expect(calls).toHaveLength(0);
    mod.attachJsonSchema(monaco, 'm://b', schemas.b);
    expect(calls).toHaveLength(1);
    expect(uris().sort()).toEqual(['m://a', 'm://b', 'm://c']);
    // Picking the other offered tools changes nothing more.
    mod.attachJsonSchema(monaco, 'm://a', schemas.a);
    mod.attachJsonSchema(monaco, 'm://c', schemas.c);
    expect(calls).toHaveLength(1);
  });

  it('offering what Monaco already has changes nothing; a changed schema among them goes with the next attach', () => {
    const a = { type: 'object' };
    mod.attachJsonSchema(monaco, 'm://a', a);
    mod.offerJsonSchemas([['m://a', a]]);
    mod.attachJsonSchema(monaco, 'm://a', a);
    expect(calls).toHaveLength(1);
    const b2 = { type: 'object', title: 'new' };
    mod.offerJsonSchemas([
      ['m://a', a],
      ['m://b', b2],
    ]);
    mod.attachJsonSchema(monaco, 'm://a', a);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.schemas.find((s) => s.fileMatch[0] === 'm://b')!.schema).toBe(b2);
  });
});

describe('model paths a fileMatch names exactly', () => {
  // Monaco's JSON service matches a schema's fileMatch, a glob with no escape, against the model's URI decoded: a
  // percent-encoded segment never matched its own fileMatch, and a `*` matched other models' paths. In a real editor:
  // test/e2e/panels-zoo.test.ts (a tool named with a space, a slash and a non-ASCII letter).
  const awkward = ['zoo odd/name ✓', 'a*', 'a?b', '[x]', '{a,b}', '%2F', 'échec', 'add'];

  it('writes any text as lower-case hex, which neither the decoding nor the glob changes', () => {
    for (const name of awkward) expect(mod.modelPathSegment(name)).toMatch(/^(?:[0-9a-f]{2})+$/);
    expect(mod.modelPathSegment('add')).toBe('616464');
    expect(mod.modelPathSegment('✓')).toBe('e29c93');
    expect(new Set(awkward.map((n) => mod.modelPathSegment(n))).size).toBe(awkward.length);
  });

  it("gives every tool's arguments a path of its own", async () => {
    const { toolArgumentsPath } = await import('../../../web/features/tools/tool-info.js');
    expect(toolArgumentsPath('zoo odd/name ✓')).toBe(`mcpscope://tools/${mod.modelPathSegment('zoo odd/name ✓')}/arguments.json`);
    expect(new Set(awkward.map(toolArgumentsPath)).size).toBe(awkward.length);
  });
});
