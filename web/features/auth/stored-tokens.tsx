// The OAuth credentials the relay keeps (masked: never a token on screen), each with "Forget tokens"; a saved profile's
// are its own and say which profile they belong to.
import { useForgetTokens, useOAuthTokens } from '../../api/use-oauth.js';
import { useProfiles } from '../../api/use-profiles.js';

export function StoredTokens({ serverUrl }: { serverUrl: string | null }) {
  const tokens = useOAuthTokens();
  const forget = useForgetTokens();
  const profiles = useProfiles();
  const profileName = (id: string) => profiles.data?.find((p) => p.id === id)?.name ?? id;
  const rows = (tokens.data ?? []).filter((t) => serverUrl === null || t.serverUrl === serverUrl);
  return (
    <section className="space-y-1" data-testid="auth-stored">
      <h3 className="text-xs font-semibold text-slate-300">Stored for {serverUrl ?? 'any server'}</h3>
      {rows.length === 0 && <p className="text-xs text-dim">No client or tokens are stored{serverUrl ? ' for this server' : ''}.</p>}
      {rows.map((t) => (
        <div
          key={`${t.serverUrl} ${t.profileId ?? ''}`}
          data-profile={t.profileId ?? ''}
          className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded border border-edge px-2 py-1 text-xs"
          data-testid="auth-stored-row"
        >
          <span className="font-mono">{t.clientId ?? '(pre-registered client)'}</span>
          <span className="text-dim">{t.clientHow ?? ''}</span>
          <span className="text-dim" data-testid="auth-stored-owner">
            {t.profileId !== null ? `profile ${profileName(t.profileId)}` : 'not from a profile'}
          </span>
          <span data-testid="auth-stored-token">access token {t.accessToken ?? 'none'}</span>
          <span>{t.hasRefreshToken ? 'refresh token ••••' : 'no refresh token'}</span>
          {t.scope && <span>scope {t.scope}</span>}
          {t.expiresAt && <span className="text-dim">expires {new Date(t.expiresAt).toLocaleTimeString()}</span>}
          <button
            type="button"
            className="ml-auto rounded bg-red-800 px-2 text-red-50 hover:bg-red-700"
            data-testid="auth-forget"
            disabled={forget.isPending}
            onClick={() => forget.mutate({ serverUrl: t.serverUrl, profileId: t.profileId })}
          >
            Forget tokens
          </button>
        </div>
      ))}
      {forget.error && <p className="text-xs text-red-300">{forget.error.message}</p>}
    </section>
  );
}
