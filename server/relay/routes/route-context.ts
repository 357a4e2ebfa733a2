// What the archive routes share: the stores, and small helpers for history entries, file names and downloads.
import type { Response } from 'express';
import type { HistoryEntry } from '../../../shared/archive-api.js';
import type { ProfileStore } from '../../store/archive/profile-store.js';
import type { PanelResults } from '../../store/archive/panel-results.js';
import type { SessionArchive } from '../../store/archive/session-archive.js';
import type { Recorder } from '../../store/recorder.js';
import type { SessionManager } from '../session-manager.js';

export interface ArchiveContext {
  sessions: SessionManager;
  recorder: Recorder;
  archive: SessionArchive;
  profiles: ProfileStore;
  /** The lab's last results per session under test. */
  results: PanelResults;
  version: string;
}

export function historyEntry(ctx: ArchiveContext, id: string): HistoryEntry {
  const meta = ctx.archive.meta(id);
  return { ...ctx.sessions.info(id), tags: ctx.archive.tags(id), origin: meta.origin, profileId: meta.profileId, scratchFor: meta.scratchFor };
}

/** A file name from a session name: what the browser saves, safe on every OS. */
export function fileStem(name: string, id: string): string {
  const clean = name
    .replace(/[^\w.-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `mcpscope-${clean || 'session'}-${id}`;
}

export function attachment(res: Response, fileName: string, type: string): void {
  res.setHeader('Content-Type', type);
  res.setHeader('Content-Disposition', `attachment; filename="${fileName.replace(/"/g, '')}"`);
  // A download is never cached: it may hold a session's traffic.
  res.setHeader('Cache-Control', 'no-store');
}

/** Runs a streaming writer; a failure after the first byte can only cut the response, never send an error body. */
export async function streamed(res: Response, write: () => Promise<unknown>): Promise<void> {
  try {
    await write();
  } catch (err) {
    if (!res.headersSent) throw err;
    res.destroy(err instanceof Error ? err : undefined);
  }
}
