import { describe, expect, it } from 'vitest';
import { ComposerHistory, snippetName, withFreshId } from '../../web/features/composer/composer-history.js';

function memoryStorage() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
}

describe('the composer history', () => {
  it('keeps every sent message newest first and survives a reload from the same storage', () => {
    const storage = memoryStorage();
    const h = new ComposerHistory(storage);
    h.add('{"a":1}', 1);
    h.add('not json', 2);
    h.add('{"a":1}', 3);
    expect(h.entries.map((e) => e.text)).toEqual(['{"a":1}', 'not json']);
    expect(new ComposerHistory(storage).entries).toEqual(h.entries);
  });

  it('saves snippets under unique names and deletes them', () => {
    const h = new ComposerHistory(memoryStorage());
    const text = '{"jsonrpc":"2.0","id":1,"method":"tools/list"}';
    h.saveSnippet(snippetName(text, h.snippets), text);
    h.saveSnippet(snippetName(text, h.snippets), text);
    expect(h.snippets.map((s) => s.name)).toEqual(['tools/list', 'tools/list (2)']);
    h.removeSnippet('tools/list');
    expect(h.snippets.map((s) => s.name)).toEqual(['tools/list (2)']);
  });

  it('gives a resent request the next id but leaves notifications and broken text alone', () => {
    expect(JSON.parse(withFreshId('{"jsonrpc":"2.0","id":1,"method":"ping"}', 8))).toEqual({ jsonrpc: '2.0', id: 8, method: 'ping' });
    expect(withFreshId('{"jsonrpc":"2.0","method":"notifications/initialized"}', 8)).toBe('{"jsonrpc":"2.0","method":"notifications/initialized"}');
    expect(withFreshId('{"broken', 8)).toBe('{"broken');
  });

  it('works without storage, keeping the history for the page only', () => {
    const h = new ComposerHistory(null);
    h.add('x');
    expect(h.entries).toHaveLength(1);
  });
});
