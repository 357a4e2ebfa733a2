// The Sessions view: the session history beside the saved profiles. Composed here because features stay apart.
import { ProfilesPanel } from './features/profiles/profiles-panel.js';
import { SessionsPanel } from './features/sessions/sessions-panel.js';

interface Props {
  currentId: string | null;
  /** Shows a session in the inspector (read-only when it is not live). */
  onOpen: (sessionId: string) => void;
}

export function ArchiveView({ currentId, onOpen }: Props) {
  return (
    <main className="flex min-h-0 flex-1" data-testid="archive-view" aria-label="sessions and profiles">
      <SessionsPanel currentId={currentId} onOpen={onOpen} />
      <ProfilesPanel currentId={currentId} onOpen={onOpen} />
    </main>
  );
}
