// The Fault lab tab: send malformed or misplaced messages on purpose and grade what the server does against the spec,
// on a scratch connection beside the session under test (use-fault-runner.ts), which stays untouched. Run all may use
// several scratch connections side by side ("connections"), as `mcpscope check --lanes` does.
import { useState } from 'react';
import { FAULT_PRESETS, type FaultPayload, type FaultPreset } from '../../../shared/fault-lab/index.js';
import { useSession } from '../../api/use-sessions.js';
import { useRelay } from '../../lib/relay/relay-context.js';
import { useHandshakeResult } from '../../lib/mcp/use-handshake-result.js';
import { FaultResultsTable } from './fault-results-table.js';
import { blockedReason, PresetList, type LabTransport } from './preset-list.js';
import { PresetEditor } from './preset-editor.js';
import { useFaultRunner } from './use-fault-runner.js';
import { useLabMemory } from './use-lab-memory.js';

/** The most scratch connections Run all opens at once (each another instance of the server). */
const MAX_LANES = 4;

export function FaultLabPanel({ sessionId, onOpenFrame }: { sessionId: string; onOpenFrame: (sessionId: string, seq: number | null) => void }) {
  const { engines } = useRelay();
  const session = useSession(sessionId);
  const handshake = useHandshakeResult(sessionId);
  const [waitMs, setWaitMs] = useState(2000);
  const [lanes, setLanes] = useState(1);
  const [editing, setEditing] = useState<{ preset: FaultPreset; payload: FaultPayload } | null>(null);
  const negotiated = typeof handshake?.result.protocolVersion === 'string' ? handshake.result.protocolVersion : null;
  const protocolVersion = negotiated ?? session?.protocolVersion ?? '2025-11-25';
  const target = session?.target.transport;
  const transport: LabTransport = target === 'stdio' ? 'stdio' : target === 'http' || target === 'auto' ? 'http' : 'remote';
  const {
    runs,
    running,
    scratches,
    run,
    runAll: runPresets,
    clear,
    restore,
  } = useFaultRunner(sessionId, { waitMs, protocolVersion, negotiated, overHttp: transport !== 'stdio', handshaken: handshake !== null });
  // A reload brings back the last results and choices, kept by the relay for this session.
  const memory = useLabMemory(sessionId, { runs, scratches, waitMs, lanes, busy: running.length > 0 }, { restore, setWaitMs, setLanes });
  const live = session?.live === true;
  const serverInfo = handshake?.result.serverInfo as { name?: unknown; version?: unknown } | undefined;
  const server = serverInfo ? `${String(serverInfo.name)} ${String(serverInfo.version ?? '')}`.trim() : (session?.name ?? 'the server');

  const runAll = () =>
    runPresets(
      FAULT_PRESETS.filter((p) => blockedReason(p, transport, handshake !== null, live) === null),
      lanes,
    );
  const busy = running.length > 0;
  const edit = (preset: FaultPreset) => setEditing({ preset, payload: preset.build({ id: engines.get(sessionId).peekNextId(), protocolVersion }) });

  return (
    <section data-testid="fault-lab-panel" className="flex min-h-0 flex-1 flex-col overflow-auto">
      <div className="flex shrink-0 flex-wrap items-center gap-1.5 border-b border-edge px-3 py-2">
        <label className="flex items-center gap-1 text-dim">
          wait
          <input
            data-testid="fault-wait"
            type="number"
            min={100}
            step={100}
            className="w-20 rounded bg-black/30 px-1"
            value={waitMs}
            onChange={(e) => setWaitMs(Math.max(100, Number(e.target.value) || 2000))}
          />
          ms for a reply
        </label>
        <label
          className="flex items-center gap-1 text-dim"
          title="Run all on this many scratch connections side by side, each a contiguous slice of the presets: about 1/n of the time, as most presets wait out the window. Each connection is another instance of the server (or HTTP session), which a server holding a lock or a port cannot run twice at once."
        >
          Run all on
          <input
            data-testid="fault-lanes"
            type="number"
            min={1}
            max={MAX_LANES}
            step={1}
            className="w-12 rounded bg-black/30 px-1"
            value={lanes}
            onChange={(e) => setLanes(Math.min(MAX_LANES, Math.max(1, Math.floor(Number(e.target.value)) || 1)))}
          />
          connection{lanes === 1 ? '' : 's'}
        </label>
        <button
          type="button"
          data-testid="fault-run-all"
          className="btn btn-primary ml-auto"
          disabled={!live || busy || !memory.restored}
          onClick={() => void runAll()}
        >
          Run all
        </button>
      </div>
      {editing && (
        <PresetEditor
          key={`${editing.preset.id}`}
          preset={editing.preset}
          initial={editing.payload}
          disabled={!live || busy}
          onSend={(preset, payload) => void run(preset, payload)}
          onClose={() => setEditing(null)}
        />
      )}
      <p className="shrink-0 px-3 pt-2 text-dim">
        Each run opens a scratch connection (a second instance of the server, or a fresh HTTP session) with the same handshake as this session, recorded as its
        own session: this session&apos;s handshake, state and lint stay untouched.
        {scratches.length > 0 && (
          <>
            {' '}
            Last run:{' '}
            {scratches.map((entry, i) => (
              <span key={entry.id}>
                {i > 0 && ', '}
                <button
                  type="button"
                  data-testid="fault-scratch-link"
                  data-session-id={entry.id}
                  className="underline decoration-dotted"
                  onClick={() => onOpenFrame(entry.id, null)}
                >
                  {entry.name}
                </button>
              </span>
            ))}
          </>
        )}
      </p>
      {memory.saveError && (
        <p data-testid="fault-save-error" className="shrink-0 px-3 text-amber-300">
          The results could not be saved for a reload: {memory.saveError}
        </p>
      )}
      <FaultResultsTable
        runs={runs}
        context={{ server, transport: session?.target.transport ?? '?', protocolVersion: negotiated }}
        onShow={onOpenFrame}
        onClear={clear}
      />
      <PresetList transport={transport} initialized={handshake !== null} live={live} running={running} onSend={(p) => void run(p)} onEdit={edit} />
    </section>
  );
}
