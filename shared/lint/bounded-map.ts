// A Map that forgets its oldest entries past a limit, so per-session history stays bounded on million-frame sessions.

/**
 * Two generations instead of evicting one entry at a time: evicting the oldest key of a Map means walking the
 * tombstones deletes leave at its head, which made eviction the hot spot. This keeps at least limit/2 and at most
 * `limit` of the most recent entries, with O(1) work per call.
 */
export class BoundedMap<K, V> {
  private young = new Map<K, V>();
  private old = new Map<K, V>();
  private readonly generation: number;

  constructor(limit: number) {
    this.generation = Math.max(1, Math.floor(limit / 2));
  }

  get size(): number {
    return this.young.size + this.old.size;
  }

  get(key: K): V | undefined {
    return this.young.get(key) ?? this.old.get(key);
  }

  has(key: K): boolean {
    return this.young.has(key) || this.old.has(key);
  }

  set(key: K, value: V): void {
    this.old.delete(key);
    this.young.set(key, value);
    if (this.young.size >= this.generation) {
      this.old = this.young;
      this.young = new Map();
    }
  }

  delete(key: K): boolean {
    const a = this.young.delete(key);
    const b = this.old.delete(key);
    return a || b;
  }

  clear(): void {
    this.young.clear();
    this.old.clear();
  }
}
