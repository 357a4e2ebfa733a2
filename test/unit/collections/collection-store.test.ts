import { mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CollectionStore } from '../../../server/collections/collection-store.js';

const collection = (name: string) => ({ version: 1 as const, name, steps: [{ name: 'p', method: 'ping', assert: [] }] });

describe('the relay’s collection store', () => {
  it('keeps each collection as a 0600 file in <data dir>/collections, read back by a new store', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpscope-collections-'));
    const made = new CollectionStore(dir).create(collection('b'));
    new CollectionStore(dir).create(collection('a'));
    const files = readdirSync(join(dir, 'collections'));
    expect(files).toHaveLength(2);
    expect(statSync(join(dir, 'collections', `${made.id}.json`)).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'collections')).mode & 0o777).toBe(0o700);
    const again = new CollectionStore(dir);
    expect(again.list().map((c) => c.name)).toEqual(['a', 'b']);
    expect(again.get(made.id).collection).toEqual(collection('b'));
  });

  it('skips a damaged or foreign file and refuses an id that is not one of its own, never reading outside its folder', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpscope-collections-'));
    const store = new CollectionStore(dir);
    store.create(collection('ok'));
    writeFileSync(join(dir, 'collections', 'aaaaaaaaaaaa.json'), '{"version": 1, "name": "x", "steps": []}');
    writeFileSync(join(dir, 'collections', 'bbbbbbbbbbbb.json'), 'not json');
    expect(store.list().map((c) => c.name)).toEqual(['ok']);
    expect(() => store.get('aaaaaaaaaaaa')).toThrow(/no collection/);
    expect(() => store.get('../../etc/passwd')).toThrow(/no collection/);
    expect(() => store.delete('../x')).toThrow(/no collection/);
  });
});
