// The fault presets as one-click buttons, grouped, each labelled with what the spec says must happen.
import { appliesTo, FAULT_PRESETS, type FaultPreset } from '../../../shared/fault-lab/index.js';

const GROUPS: { id: FaultPreset['group']; title: string }[] = [
  { id: 'framing', title: 'Framing and encoding' },
  { id: 'envelope', title: 'JSON-RPC envelope' },
  { id: 'session', title: 'Session and methods' },
  { id: 'batch', title: 'Batches' },
  { id: 'http', title: 'Streamable HTTP (raw exchanges)' },
];

/** stdio; http: Streamable HTTP (or `auto`, which usually lands there); remote: legacy SSE or WebSocket. */
export type LabTransport = 'stdio' | 'http' | 'remote';

interface Props {
  transport: LabTransport;
  initialized: boolean;
  live: boolean;
  /** The presets being sent now (several when Run all uses several connections). */
  running: readonly string[];
  onSend: (preset: FaultPreset) => void;
  onEdit: (preset: FaultPreset) => void;
}

/** Why a preset cannot run here, or null. */
export function blockedReason(p: FaultPreset, transport: LabTransport, initialized: boolean, live: boolean): string | null {
  if (!live) return 'the session is not live';
  if (!appliesTo(p, transport === 'stdio' ? 'stdio' : 'http')) return `only meaningful over ${p.transport}`;
  if (p.http && transport !== 'http') return 'needs a Streamable HTTP session (a raw exchange on its endpoint)';
  if (p.freshSession && initialized) return 'needs a fresh session: connect with the handshake left to you';
  return null;
}

export function PresetList({ transport, initialized, live, running, onSend, onEdit }: Props) {
  return (
    <div className="space-y-2 px-3 py-2">
      {GROUPS.map((g) => (
        <div key={g.id}>
          <h3 className="mb-0.5 text-[10px] tracking-wide text-dim uppercase">{g.title}</h3>
          <ul className="space-y-0.5">
            {FAULT_PRESETS.filter((p) => p.group === g.id).map((p) => {
              const blocked = blockedReason(p, transport, initialized, live);
              return (
                <li key={p.id} className="flex items-center gap-1.5" data-testid="fault-preset" data-preset={p.id}>
                  <button
                    type="button"
                    data-testid={`fault-send-${p.id}`}
                    className="btn min-w-44 text-left"
                    disabled={blocked !== null || running.length > 0}
                    title={blocked ?? `send: ${p.spec}`}
                    onClick={() => onSend(p)}
                  >
                    {running.includes(p.id) ? `${p.title}…` : p.title}
                  </button>
                  <button type="button" data-testid={`fault-edit-${p.id}`} className="btn" disabled={blocked !== null} onClick={() => onEdit(p)}>
                    Edit
                  </button>
                  <span className="min-w-0 flex-1 truncate text-dim" title={p.spec}>
                    {blocked ?? p.spec}
                  </span>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </div>
  );
}
