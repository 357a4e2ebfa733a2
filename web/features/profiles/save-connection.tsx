// "Save current connection": the session the inspector shows becomes a profile, its env values and headers secret.
import { useSaveSessionAsProfile } from '../../api/use-profiles.js';

export function SaveConnection({ currentId }: { currentId: string | null }) {
  const save = useSaveSessionAsProfile();
  const saved = save.data;
  const secrets = saved ? [...saved.profile.secretEnv, ...saved.profile.secretHeaders] : [];
  return (
    <>
      <button
        type="button"
        className="btn"
        data-testid="profile-save-current"
        disabled={currentId === null || save.isPending}
        title={currentId === null ? 'connect to a server first' : 'save the connection the inspector shows as a profile'}
        onClick={() => currentId && save.mutate(currentId)}
      >
        Save current connection
      </button>
      {(saved ?? save.error) && (
        <p className="w-full text-[11px]" data-testid="profile-save-result" role="status">
          {save.error ? (
            <span className="text-red-300">{save.error.message}</span>
          ) : (
            <>
              {`saved "${saved!.profile.name}"`}
              {secrets.length > 0 && <span className="text-amber-200">{` · marked secret: ${secrets.join(', ')}`}</span>}
              {saved!.missing.length > 0 && (
                <span className="text-amber-200">{` · not in the recording, fill in with Edit: ${saved!.missing.join(', ')}`}</span>
              )}
            </>
          )}
        </p>
      )}
    </>
  );
}
