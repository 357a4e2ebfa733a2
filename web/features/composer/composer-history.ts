// Every message the composer sent, and the snippets saved from them, kept in localStorage across reloads.
import { isPlainObject, parseJson } from '../../../shared/jsonrpc.js';
import { Listeners } from '../../../shared/listeners.js';

export interface HistoryEntry {
  text: string;
  at: number;
}

export interface Snippet {
  name: string;
  text: string;
}

type Store = Pick<Storage, 'getItem' | 'setItem'>;

interface HistoryData {
  entries: HistoryEntry[];
  snippets: Snippet[];
}

const KEY = 'mcpscope.composer.history.v1';
// Enough to find yesterday's message; old entries fall off so localStorage never fills up.
const MAX_ENTRIES = 200;

export class ComposerHistory {
  private data: HistoryData = { entries: [], snippets: [] };
  private readonly listeners = new Listeners();
  version = 0;

  constructor(private readonly storage: Store | null) {
    const raw = storage?.getItem(KEY);
    const parsed = raw ? parseJson(raw) : null;
    if (parsed?.ok && isPlainObject(parsed.value) && Array.isArray(parsed.value.entries) && Array.isArray(parsed.value.snippets)) {
      this.data = parsed.value as unknown as HistoryData;
    }
  }

  /** Newest first. */
  get entries(): readonly HistoryEntry[] {
    return this.data.entries;
  }

  get snippets(): readonly Snippet[] {
    return this.data.snippets;
  }

  add(text: string, at = Date.now()): void {
    // Sending the same text again moves it to the top instead of filling the list with copies.
    const entries = [{ text, at }, ...this.data.entries.filter((e) => e.text !== text)].slice(0, MAX_ENTRIES);
    this.commit({ ...this.data, entries });
  }

  /** Saves under `name`, replacing a snippet of the same name. */
  saveSnippet(name: string, text: string): void {
    this.commit({ ...this.data, snippets: [...this.data.snippets.filter((s) => s.name !== name), { name, text }] });
  }

  removeSnippet(name: string): void {
    this.commit({ ...this.data, snippets: this.data.snippets.filter((s) => s.name !== name) });
  }

  subscribe = (listener: () => void): (() => void) => this.listeners.add(listener);

  private commit(next: HistoryData): void {
    this.data = next;
    this.version++;
    try {
      this.storage?.setItem(KEY, JSON.stringify(next));
    } catch {
      // A full or disabled localStorage must not stop sending; the history then lives for this page only.
    }
    this.listeners.emit();
  }
}

/** A default name for a snippet: the method it calls, or the start of its text. */
export function snippetName(text: string, taken: readonly Snippet[]): string {
  const parsed = parseJson(text);
  const base = parsed.ok && isPlainObject(parsed.value) && typeof parsed.value.method === 'string' ? parsed.value.method : text.slice(0, 24);
  let name = base;
  for (let n = 2; taken.some((s) => s.name === name); n++) name = `${base} (${n})`;
  return name;
}

/** The text to send again: a single request gets the next id (ids auto-increment), anything else goes out unchanged. */
export function withFreshId(text: string, nextId: number): string {
  const parsed = parseJson(text);
  if (!parsed.ok || !isPlainObject(parsed.value) || typeof parsed.value.method !== 'string' || !('id' in parsed.value)) return text;
  return JSON.stringify({ ...parsed.value, id: nextId });
}

export const composerHistory = new ComposerHistory(typeof localStorage === 'undefined' ? null : localStorage);
