// Era, protocol version, the handshake toggle and the Connect / Restart / Stop buttons.
import type { Era } from '../../../shared/engine/index.js';
import { EraSelect } from './era-select.js';

interface Props {
  era: Era;
  onEra: (era: Era) => void;
  protocolVersions: string[];
  protocolVersion: string;
  onProtocolVersion: (v: string) => void;
  handshake: boolean;
  onHandshake: (on: boolean) => void;
  onConnect: () => void;
  onRestart: () => void;
  onStop: () => void;
  canConnect: boolean;
  canRestart: boolean;
  /** False while a banner under the bar offers Restart for the same trouble. */
  showRestart: boolean;
  canStop: boolean;
  busy: boolean;
}

export function ConnectionControls(p: Props) {
  return (
    <div className="flex items-center gap-2">
      <EraSelect era={p.era} onEra={p.onEra} />
      <select
        data-testid="protocol-select"
        aria-label="protocol version"
        className="control font-mono"
        value={p.protocolVersion}
        onChange={(e) => p.onProtocolVersion(e.target.value)}
        title="protocol version offered in initialize (legacy, and auto's fallback); modern always offers 2026-07-28"
      >
        {p.protocolVersions.map((v) => (
          <option key={v} value={v}>
            {v}
          </option>
        ))}
      </select>
      <label
        className="flex items-center gap-1 text-dim"
        title="start talking after connecting, in the era picked: initialize and notifications/initialized, or server/discover"
      >
        <input type="checkbox" data-testid="handshake-checkbox" checked={p.handshake} onChange={(e) => p.onHandshake(e.target.checked)} />
        perform handshake
      </label>
      <button type="button" data-testid="connect-button" className="btn btn-primary" disabled={!p.canConnect || p.busy} onClick={p.onConnect}>
        Connect
      </button>
      {p.showRestart && (
        <button type="button" data-testid="restart-button" className="btn" disabled={!p.canRestart || p.busy} onClick={p.onRestart}>
          Restart
        </button>
      )}
      <button type="button" data-testid="stop-button" className="btn" disabled={!p.canStop || p.busy} onClick={p.onStop}>
        Stop
      </button>
    </div>
  );
}
