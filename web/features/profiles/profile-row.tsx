// One saved profile: name, target, version and which values are secret, with Connect, Edit and Delete.
import { useState } from 'react';
import type { Profile } from '../../../shared/profiles/profile.js';
import { useDeleteProfile } from '../../api/use-profiles.js';
import { RecipeGate, recipeRefusal } from '../../components/recipe-gate.js';
import { ProfileEditor } from './profile-editor.js';
import { useConnectProfile } from './use-connect-profile.js';

function summary(p: Profile): string {
  const t = p.target;
  return t.transport === 'stdio' ? [t.command, ...t.args].join(' ') : `${t.transport} ${t.url}`;
}

export function ProfileRow({ profile: p, onOpen }: { profile: Profile; onOpen: (sessionId: string) => void }) {
  const connect = useConnectProfile(onOpen);
  const remove = useDeleteProfile();
  const [editing, setEditing] = useState(false);
  const secrets = [...p.secretEnv, ...p.secretHeaders];
  return (
    <li className="border-b border-edge px-3 py-2" data-testid="profile-row" data-profile-id={p.id}>
      <div className="flex items-center gap-2">
        <span className="min-w-0 truncate font-medium" data-testid="profile-name">
          {p.name}
        </span>
        <span className="font-mono text-[11px] text-dim">{`${p.protocolVersion} · ${p.era}`}</span>
        <span className="ml-auto flex gap-1.5">
          <button type="button" className="btn btn-primary" data-testid="profile-connect" disabled={connect.isPending} onClick={() => connect.mutate(p)}>
            Connect
          </button>
          <button type="button" className="btn" onClick={() => setEditing((v) => !v)}>
            Edit
          </button>
          <button type="button" className="btn" data-testid="profile-delete" onClick={() => remove.mutate(p.id)}>
            Delete
          </button>
        </span>
      </div>
      <div className="truncate font-mono text-[11px] text-dim" title={summary(p)}>
        {summary(p)}
      </div>
      {p.importedFrom && (
        <div className="text-[11px] text-dim">{`from ${p.importedFrom}: ${p.target.transport === 'stdio' ? 'its command runs' : 'it connects'} only after you confirm it`}</div>
      )}
      {secrets.length > 0 && <div className="font-mono text-[11px] text-amber-200">{`secret: ${secrets.join(', ')}`}</div>}
      <RecipeGate error={connect.error} onConfirmed={() => connect.mutate(p)} onCancel={() => connect.reset()} />
      {((connect.error && !recipeRefusal(connect.error)) || remove.error) && <p className="text-red-300">{(connect.error ?? remove.error)?.message}</p>}
      {editing && <ProfileEditor profile={p} onDone={() => setEditing(false)} />}
    </li>
  );
}
