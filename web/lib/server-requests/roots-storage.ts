// The roots the user offers, kept in localStorage per target (the same server command or URL), so a reload or a new
// session on that server starts with them instead of an empty list.
import { isPlainObject } from '../../../shared/jsonrpc.js';
import type { Target } from '../../../shared/relay-protocol.js';
import type { Root } from './server-request-rules.js';

const PREFIX = 'mcpscope.roots.';

/** Names a server, not a session: the command line (and cwd) for stdio, the URL for a remote one. Headers are left out (secrets). */
export function rootsKey(target: Target): string {
  if (target.transport === 'stdio') return PREFIX + JSON.stringify(['stdio', target.command, ...target.args, target.cwd ?? '']);
  return PREFIX + JSON.stringify(['url', target.url]);
}

export interface RootsStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

function defaultStore(): RootsStore | null {
  return typeof localStorage === 'undefined' ? null : localStorage;
}

/** The saved roots, or null when none were saved (or what was saved is not a list of roots). */
export function loadRoots(key: string, store: RootsStore | null = defaultStore()): Root[] | null {
  let value: unknown;
  try {
    value = JSON.parse(store?.getItem(key) ?? 'null');
  } catch {
    return null;
  }
  if (!Array.isArray(value)) return null;
  return value.flatMap((r) => {
    if (!isPlainObject(r) || typeof r.uri !== 'string') return [];
    return [typeof r.name === 'string' && r.name ? { uri: r.uri, name: r.name } : { uri: r.uri }];
  });
}

export function saveRoots(key: string, roots: readonly Root[], store: RootsStore | null = defaultStore()): void {
  try {
    store?.setItem(key, JSON.stringify(roots));
  } catch {
    // A full or disabled localStorage must not stop the roots from changing; they then live for this page only.
  }
}
