import { describe, expect, it } from 'vitest';
import { loadRoots, rootsKey, saveRoots, type RootsStore } from '../../web/lib/server-requests/roots-storage.js';

function memoryStore(): RootsStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

describe('roots storage', () => {
  it('keys roots by server: the stdio command line or the URL, never the headers', () => {
    const a = rootsKey({ transport: 'stdio', command: 'node', args: ['srv.js'], env: {} });
    expect(a).toBe(rootsKey({ transport: 'stdio', command: 'node', args: ['srv.js'], env: { X: '1' } }));
    expect(a).not.toBe(rootsKey({ transport: 'stdio', command: 'node', args: ['other.js'], env: {} }));
    const remote = rootsKey({ transport: 'http', url: 'https://h/mcp', headers: { Authorization: 'Bearer secret' } });
    expect(remote).not.toContain('secret');
    expect(remote).toBe(rootsKey({ transport: 'auto', url: 'https://h/mcp', headers: {} }));
  });

  it('saves and restores roots, and ignores what is not a list of roots', () => {
    const store = memoryStore();
    expect(loadRoots('k', store)).toBeNull();
    saveRoots('k', [{ uri: 'file:///a', name: 'A' }, { uri: 'file:///b' }], store);
    expect(loadRoots('k', store)).toEqual([{ uri: 'file:///a', name: 'A' }, { uri: 'file:///b' }]);
    store.data.set('bad', '{not json');
    expect(loadRoots('bad', store)).toBeNull();
    store.data.set('odd', JSON.stringify([{ uri: 'file:///ok' }, { nope: 1 }, 'x']));
    expect(loadRoots('odd', store)).toEqual([{ uri: 'file:///ok' }]);
  });

  it('keeps working when storage throws', () => {
    const full: RootsStore = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => saveRoots('k', [{ uri: 'file:///a' }], full)).not.toThrow();
  });
});
