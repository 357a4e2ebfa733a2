// What the archive routes share: the stores, and small helpers for parameters, bodies and downloads.
import type { Request, Response } from 'express';
import type { z } from 'zod';
import type { HistoryEntry } from '../../shared/archive-api.js';
import type { ProfileStore } from '../archive/profile-store.js';
import type { SessionArchive } from '../archive/session-archive.js';
import { RelayError } from '../errors.js';
import type { Recorder } from '../recorder.js';
import type { SessionManager } from '../session-manager.js';

export interface ArchiveContext {
  sessions: SessionManager;
  recorder: Recorder;
  archive: SessionArchive;
  profiles: ProfileStore;
  version: string;
}

export function param(req: Request, name: string): string {
  const v = req.params[name];
  if (typeof v !== 'string') throw new RelayError('BAD_REQUEST', `missing ${name}`);
  return v;
}

export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) throw new RelayError('BAD_REQUEST', parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '));
  return parsed.data;
}

export function historyEntry(ctx: ArchiveContext, id: string): HistoryEntry {
  const meta = ctx.archive.meta(id);
  return { ...ctx.sessions.info(id), tags: ctx.archive.tags(id), origin: meta.origin, profileId: meta.profileId, scratchFor: meta.scratchFor };
}

/** A file name from a session name: what the browser saves, safe on every OS. */
export function fileStem(name: string, id: string): string {
  const clean = name.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60);
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
