// logging/setLevel: the lowest severity the server should send from now on.
import { useState } from 'react';
import { useMcpAction } from '../../api/use-mcp-action.js';
import type { McpSessionState } from '../../api/use-mcp-session.js';
import { CallError } from '../../components/call-error.js';
import { LOG_LEVELS, type LogLevel } from './log-levels.js';

export function LevelSetter({ sessionId, mcp, initial }: { sessionId: string; mcp: McpSessionState; initial: LogLevel | null }) {
  const [level, setLevel] = useState<LogLevel>(initial ?? 'info');
  const set = useMcpAction<LogLevel>(sessionId, mcp.epoch, 'logging/setLevel', [], (l) => ({ level: l }));
  const declared = 'logging' in mcp.capabilities;
  return (
    <div className="space-y-1">
      <div className="flex flex-wrap items-center gap-2">
        <span>Server sends from</span>
        <select data-testid="log-level-select" className="control" value={level} onChange={(e) => setLevel(e.target.value as LogLevel)}>
          {LOG_LEVELS.map((l) => (
            <option key={l}>{l}</option>
          ))}
        </select>
        <button type="button" data-testid="log-level-set" className="btn btn-primary" disabled={!mcp.live || set.last?.status === 'pending'} onClick={() => set.run(level)}>
          Set level
        </button>
        {set.last?.status === 'success' && (
          <span data-testid="log-level-confirmed" className="text-emerald-300">
            level set to {String(set.last.variables)}
          </span>
        )}
      </div>
      {!declared && mcp.ready && <p className="text-amber-300">The server did not declare the logging capability; setting a level sends the request anyway.</p>}
      {set.last?.status === 'error' && <CallError error={set.last.error} />}
    </div>
  );
}
