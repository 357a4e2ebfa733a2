// notifications/resources/updated from the log, folded per URI: how many, and the latest one's seq and time.
import { isPlainObject } from '../../../shared/jsonrpc.js';
import type { FrameEntry } from '../../lib/log/frame-entry.js';

export interface UpdateInfo {
  count: number;
  lastSeq: number;
  lastTs: number;
}

export function updatesByUri(entries: readonly FrameEntry[]): Map<string, UpdateInfo> {
  const map = new Map<string, UpdateInfo>();
  for (const e of entries) {
    const params = isPlainObject(e.value) && isPlainObject(e.value.params) ? e.value.params : null;
    const uri = params && typeof params.uri === 'string' ? params.uri : '(no uri)';
    const prev = map.get(uri);
    map.set(uri, { count: (prev?.count ?? 0) + 1, lastSeq: e.frame.seq, lastTs: e.frame.ts });
  }
  return map;
}
