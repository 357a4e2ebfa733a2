// The Auth tab, an OAuth debugger: each flow of the session step by step (requests, what the spec expects, findings,
// where it stopped), the authorization waiting for you, and the credentials stored for the server.
import { useEffect } from 'react';
import { useCancelAuthorization, usePendingAuthorizations, useRefreshTokens } from '../../api/use-oauth.js';
import { useSession } from '../../api/use-sessions.js';
import { safeHttpUrl } from '../../lib/ui/format.js';
import { StepCard } from './step-card.js';
import { StoredTokens } from './stored-tokens.js';
import { useAuthFlows } from './use-auth-flows.js';

const OUTCOME: Record<string, string> = { ok: 'authorized', failed: 'stopped', waiting: 'waiting for you', running: 'running' };

function Waiting({ sessionId }: { sessionId: string }) {
  const pending = usePendingAuthorizations(sessionId, true);
  const cancel = useCancelAuthorization(sessionId);
  const p = pending.data?.[0];
  const url = p ? safeHttpUrl(p.authorizationUrl) : null;
  return (
    <div className="space-y-1 rounded border border-amber-600 bg-amber-950/40 p-2 text-xs" data-testid="auth-waiting">
      <p>The server needs your approval. Authorize opens the authorization server in a new tab; it sends you back to this relay ({p?.redirectUri ?? '…'}).</p>
      <div className="flex gap-2">
        {url ? (
          <a
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            className="rounded bg-amber-700 px-2 py-0.5 text-amber-50 hover:bg-amber-800"
            data-testid="auth-authorize"
          >
            Authorize
          </a>
        ) : (
          <span className="text-dim">{pending.isLoading ? 'Asking the relay…' : 'No authorization is waiting any more.'}</span>
        )}
        <button type="button" className="rounded border border-edge px-2 hover:bg-panel-2" onClick={() => cancel.mutate()}>
          Cancel
        </button>
      </div>
    </div>
  );
}

export function AuthPanel({ sessionId }: { sessionId: string }) {
  const flows = useAuthFlows(sessionId);
  const target = useSession(sessionId)?.target;
  const serverUrl = target && target.transport !== 'stdio' ? target.url : null;
  const waiting = flows.some((f) => f.outcome === 'waiting');
  const refresh = useRefreshTokens();
  // A flow that ends may have stored or replaced tokens.
  const outcomes = flows.map((f) => f.outcome).join();
  useEffect(() => refresh(), [outcomes, refresh]);
  const oauthOn = Boolean(target && target.transport !== 'stdio' && target.auth);
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-2 overflow-auto p-2" data-testid="auth-panel">
      {!oauthOn && flows.length === 0 && (
        <p className="text-xs text-dim">
          This connection does not use OAuth. Connect to a URL with OAuth on (the target form, or --auth oauth) and every step of the authorization shows here.
        </p>
      )}
      {oauthOn && flows.length === 0 && (
        <p className="text-xs text-dim">OAuth is on. No flow yet: one starts when the server answers 401 (or 403 insufficient_scope).</p>
      )}
      {waiting && <Waiting sessionId={sessionId} />}
      {[...flows].reverse().map((f) => (
        <section key={f.id} className="space-y-1" data-testid="auth-flow" data-outcome={f.outcome}>
          <h3 className="text-xs font-semibold text-slate-300">
            Flow {f.id}: {OUTCOME[f.outcome]}
            {f.stoppedAt && <span className="text-red-300"> at the {f.stoppedAt} step</span>}
          </h3>
          <ol className="space-y-1">
            {f.steps.map((s, i) => (
              <StepCard key={`${s.step}`} step={s} index={i} />
            ))}
          </ol>
          {f.error && (
            <p className="text-xs text-red-300" data-testid="auth-flow-error">
              {f.error}
            </p>
          )}
        </section>
      ))}
      <StoredTokens serverUrl={serverUrl} />
    </div>
  );
}
