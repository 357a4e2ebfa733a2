// Saved server profiles: connect in one click, edit, import from and export to Claude Desktop, Cursor and VS Code files.
import { useState } from 'react';
import { useProfiles } from '../../api/use-profiles.js';
import { ProfileEditor } from './profile-editor.js';
import { ProfileRow } from './profile-row.js';
import { ProfilesExport } from './profiles-export.js';
import { ProfilesImport } from './profiles-import.js';
import { SaveConnection } from './save-connection.js';

export function ProfilesPanel({ currentId, onOpen }: { currentId: string | null; onOpen: (sessionId: string) => void }) {
  const profiles = useProfiles();
  const [creating, setCreating] = useState(false);
  const list = profiles.data ?? [];
  return (
    <section className="flex min-h-0 w-[40%] min-w-[360px] max-w-[640px] shrink-0 flex-col border-l border-edge" aria-label="profiles">
      <header className="flex shrink-0 flex-wrap items-center gap-2 border-b border-edge px-3 py-2">
        <h2 className="text-sm font-semibold">Profiles</h2>
        <button type="button" className="btn" data-testid="profile-new" onClick={() => setCreating((v) => !v)}>
          New
        </button>
        <ProfilesExport disabled={list.length === 0} />
        <SaveConnection currentId={currentId} />
      </header>
      <ProfilesImport />
      {creating && <ProfileEditor onDone={() => setCreating(false)} />}
      {profiles.error && <p className="px-3 py-1 text-red-300">{profiles.error.message}</p>}
      <ul className="min-h-0 flex-1 overflow-y-auto" data-testid="profile-list">
        {list.map((p) => (
          <ProfileRow key={p.id} profile={p} onOpen={onOpen} />
        ))}
        {profiles.isSuccess && list.length === 0 && <li className="p-4 text-dim">No profiles yet: import an mcp.json, or press New.</li>}
      </ul>
    </section>
  );
}
