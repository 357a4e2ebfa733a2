// "id 7 · show in log": every panel action is frames in the log, and this jumps to them.
import { useMemo } from 'react';
import { outgoingRequestSeq } from '../lib/log/request-seq.js';
import { useLog } from '../lib/log/use-log.js';

export function LogLink({ sessionId, id, onSelect }: { sessionId: string; id: number; onSelect: (seq: number) => void }) {
  const view = useLog(sessionId);
  const seq = useMemo(() => (view ? outgoingRequestSeq(view.source, id) : null), [view, id]);
  return (
    <span className="font-mono text-[11px] text-dim">
      id {id}
      {seq !== null && (
        <>
          {' · '}
          <button type="button" data-testid="log-link" data-seq={seq} className="text-sky-400 hover:underline" onClick={() => onSelect(seq)}>
            show in log #{seq}
          </button>
        </>
      )}
    </span>
  );
}
