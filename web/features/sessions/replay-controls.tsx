// Replays a session against its recorded target or a saved profile, then shows how the new run differs.
import { useState } from 'react';
import type { HistoryEntry } from '../../../shared/archive-api.js';
import { useReplaySession } from '../../api/use-history.js';
import { useProfiles } from '../../api/use-profiles.js';
import { RecipeGate, recipeRefusal } from '../../components/recipe-gate.js';
import { ReplayResultView } from './replay-result-view.js';

export function ReplayControls({ session, onOpen }: { session: HistoryEntry; onOpen: (id: string) => void }) {
  const replay = useReplaySession();
  const profiles = useProfiles();
  const [profileId, setProfileId] = useState('');
  const [preserveIds, setPreserveIds] = useState(true);
  const [pacing, setPacing] = useState(false);
  const run = () => replay.mutate({ id: session.id, body: { ...(profileId ? { profileId } : {}), preserveIds, preservePacing: pacing } });
  return (
    <>
      <select
        className="control"
        data-testid="replay-target"
        aria-label="replay against"
        value={profileId}
        onChange={(e) => setProfileId(e.target.value)}
        title="what to replay against"
      >
        <option value="">recorded target</option>
        {(profiles.data ?? []).map((p) => (
          <option key={p.id} value={p.id}>
            {`profile: ${p.name}`}
          </option>
        ))}
      </select>
      <label className="flex items-center gap-1 text-dim" title="send the recorded ids (off: fresh ids 1, 2, 3…)">
        <input type="checkbox" checked={preserveIds} onChange={(e) => setPreserveIds(e.target.checked)} />
        ids
      </label>
      <label className="flex items-center gap-1 text-dim" title="send at the recorded pace (off: each frame after the previous answer)">
        <input type="checkbox" checked={pacing} onChange={(e) => setPacing(e.target.checked)} />
        pacing
      </label>
      <button type="button" className="btn" data-testid="session-replay" disabled={replay.isPending} onClick={run}>
        {replay.isPending ? 'Replaying…' : 'Replay'}
      </button>
      <RecipeGate error={replay.error} onConfirmed={run} onCancel={() => replay.reset()} />
      {replay.error && !recipeRefusal(replay.error) && <span className="w-full text-red-300">{replay.error.message}</span>}
      {replay.data && <ReplayResultView result={replay.data} onOpen={onOpen} />}
    </>
  );
}
