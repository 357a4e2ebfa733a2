// Typed calls to the relay's history, profile, bundle and replay routes; downloads come back as blobs with their names.
import type { HistoryEntry, SessionPatch, SessionStats, ReplayBody } from '../../../shared/archive-api.js';
import type { ConfigFlavor } from '../../../shared/profiles/format-mcp-config.js';
import type { Profile, ProfileInput } from '../../../shared/profiles/profile.js';
import type { TranscriptDiff } from '../../../shared/replay/transcript-diff.js';
import type { SessionInfo } from '../../../shared/relay-protocol.js';
import { ApiError, errorFromBody } from './api-client.js';

export type ArchiveApi = ReturnType<typeof createArchiveApi>;

export interface HistoryPage {
  sessions: HistoryEntry[];
  tags: Array<{ tag: string; count: number }>;
}

export interface ReplayResult {
  session: HistoryEntry;
  diff: TranscriptDiff;
  text: string;
  warnings: string[];
}

export interface Download {
  fileName: string;
  blob: Blob;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export function createArchiveApi(token: string, onUnauthorized: () => void) {
  async function send(method: Method, path: string, body?: BodyInit, type?: string): Promise<Response> {
    const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
    if (type) headers['Content-Type'] = type;
    let res: Response;
    try {
      res = await fetch(path, { method, headers, body: body ?? null });
    } catch (err) {
      throw new ApiError(0, 'NETWORK', `relay unreachable: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (res.ok) return res;
    const payload: unknown = await res.json().catch(() => undefined);
    if (res.status === 401) onUnauthorized();
    throw errorFromBody(res.status, res.statusText, payload);
  }
  const json = async <T>(method: Method, path: string, body?: unknown): Promise<T> => {
    const res = await send(method, path, body === undefined ? undefined : JSON.stringify(body), body === undefined ? undefined : 'application/json');
    return (res.status === 204 ? undefined : await res.json()) as T;
  };
  const download = async (path: string): Promise<Download> => {
    const res = await send('GET', path);
    const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'mcpscope-download';
    return { fileName: name, blob: await res.blob() };
  };
  const s = (id: string) => `/api/sessions/${encodeURIComponent(id)}`;
  const p = (id: string) => `/api/profiles/${encodeURIComponent(id)}`;

  return {
    history: (q: string, tag: string, offset = 0, limit = 200) =>
      json<HistoryPage>('GET', `/api/session-history?${new URLSearchParams({ q, tag, offset: String(offset), limit: String(limit) })}`),
    patchSession: (id: string, patch: SessionPatch) => json<HistoryEntry>('PATCH', s(id), patch),
    deleteSession: (id: string) => json<void>('DELETE', s(id)),
    stats: (id: string) => json<SessionStats>('GET', `${s(id)}/stats`),
    bundle: (id: string) => download(`${s(id)}/bundle`),
    repro: (id: string, kind: string) => download(`${s(id)}/repro/${encodeURIComponent(kind)}`),
    /** The file streams to the relay as it is read; the relay imports it line by line. */
    importBundle: async (file: Blob) => (await (await send('POST', '/api/bundles', file, 'application/octet-stream')).json()) as { session: HistoryEntry; frames: number },
    replay: (id: string, body: ReplayBody) => json<ReplayResult>('POST', `${s(id)}/replay`, body),
    profiles: () => json<Profile[]>('GET', '/api/profiles'),
    createProfile: (input: ProfileInput) => json<Profile>('POST', '/api/profiles', input),
    updateProfile: (id: string, input: ProfileInput) => json<Profile>('PUT', p(id), input),
    deleteProfile: (id: string) => json<void>('DELETE', p(id)),
    connectProfile: (id: string, handshake: boolean) => json<SessionInfo>('POST', `${p(id)}/connect`, { handshake }),
    /** A fault-lab scratch connection beside a live session: same target, its own recorded session, linked back. */
    openScratch: (id: string, handshake: boolean) => json<HistoryEntry>('POST', `${s(id)}/scratch`, { handshake }),
    saveSessionAsProfile: (id: string) => json<{ profile: Profile; missing: string[] }>('POST', `${s(id)}/profile`, {}),
    importProfiles: (text: string) => json<{ profiles: Profile[]; warnings: string[] }>('POST', '/api/profiles/import', { text }),
    /** A person said yes to a recipe the relay refused (RECIPE_UNCONFIRMED); the relay remembers it by hash. */
    confirmRecipe: (hash: string) => json<void>('POST', '/api/recipes/confirm', { hash }),
    exportProfiles: (format: ConfigFlavor, includeSecrets: boolean) =>
      json<{ fileName: string; text: string; warnings: string[] }>('GET', `/api/profiles/export?format=${format}${includeSecrets ? '&secrets=include' : ''}`),
  };
}
