// The lowest severity the server should send from now on: logging/setLevel, or in the 2026-07-28 era (which removed
// that method) the log level every later request carries in its _meta.
import { useState } from 'react';
import { useMcpAction } from '../../api/use-mcp-action.js';
import type { McpSessionState } from '../../api/use-mcp-session.js';
import { CallError } from '../../components/call-error.js';
import { useRelay } from '../../lib/relay/relay-context.js';
import { LOG_LEVELS, type LogLevel } from './log-levels.js';

export function LevelSetter({ sessionId, mcp, initial }: { sessionId: string; mcp: McpSessionState; initial: LogLevel | null }) {
  const [level, setLevel] = useState<LogLevel>(initial ?? 'info');
  const set = useMcpAction<LogLevel>(sessionId, mcp.epoch, 'logging/setLevel', [], (l) => ({ level: l }));
  const declared = 'logging' in mcp.capabilities;
  const { engines } = useRelay();
  const modern = mcp.era === 'modern';
  const [metaLevel, setMetaLevel] = useState<string | null>(() => engines.get(sessionId).modernLogLevel);
  const applyMeta = (l: LogLevel | null) => {
    engines.get(sessionId).setLogLevel(l);
    setMetaLevel(l);
  };
  return (
    <div className="space-y-1">
      <div className="flex flex-wrap items-center gap-2">
        <span>Server sends from</span>
        <select
          data-testid="log-level-select"
          className="control"
          aria-label="lowest level the server sends"
          value={level}
          onChange={(e) => setLevel(e.target.value as LogLevel)}
        >
          {LOG_LEVELS.map((l) => (
            <option key={l}>{l}</option>
          ))}
        </select>
        {modern ? (
          <>
            <button type="button" data-testid="log-level-set" className="btn btn-primary" disabled={!mcp.live} onClick={() => applyMeta(level)}>
              Set level
            </button>
            {metaLevel !== null && (
              <button type="button" data-testid="log-level-clear" className="btn" onClick={() => applyMeta(null)}>
                Clear
              </button>
            )}
            <button
              type="button"
              data-testid="log-level-send-anyway"
              className="btn"
              disabled={!mcp.live || set.last?.status === 'pending'}
              title="2026-07-28 removed logging/setLevel: send it anyway to see how the server reacts"
              onClick={() => set.run(level)}
            >
              Send logging/setLevel anyway
            </button>
          </>
        ) : (
          <button
            type="button"
            data-testid="log-level-set"
            className="btn btn-primary"
            disabled={!mcp.live || set.last?.status === 'pending'}
            onClick={() => set.run(level)}
          >
            Set level
          </button>
        )}
        {set.last?.status === 'success' && (
          <span data-testid="log-level-confirmed" className="text-emerald-300">
            level set to {String(set.last.variables)}
          </span>
        )}
      </div>
      {modern && (
        <p data-testid="log-level-meta" className="text-dim">
          {metaLevel === null
            ? '2026-07-28 has no logging/setLevel: Set level makes every later request carry _meta io.modelcontextprotocol/logLevel.'
            : `Every request from now on carries _meta io.modelcontextprotocol/logLevel: ${metaLevel}.`}
        </p>
      )}
      {!declared && mcp.ready && <p className="text-amber-300">The server did not declare the logging capability; setting a level sends the request anyway.</p>}
      {set.last?.status === 'error' && <CallError error={set.last.error} />}
    </div>
  );
}
