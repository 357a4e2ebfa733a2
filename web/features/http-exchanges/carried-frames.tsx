// The JSON-RPC frames one exchange carried, each a link that selects it in the log and shows it in Detail.
import type { HttpExchange } from '../../../shared/http-exchange.js';
import { DirArrow } from '../../components/dir-arrow.js';
import type { LogSource } from '../../lib/log/log-source.js';

interface Props {
  log: LogSource;
  x: HttpExchange;
  onSelect: (seq: number) => void;
}

export function CarriedFrames({ log, x, onSelect }: Props) {
  const seqs = x.sentSeq !== undefined ? [x.sentSeq, ...x.receivedSeqs] : x.receivedSeqs;
  if (seqs.length === 0) {
    return <p className="px-3 py-1 text-dim">This exchange carried no JSON-RPC frame{x.state === 'open' ? ' yet' : ''}.</p>;
  }
  return (
    <ul className="px-3 py-1 font-mono text-[11px]" data-testid="http-carried-frames">
      {seqs.map((seq) => {
        const entry = log.frame(seq);
        const f = entry?.frame;
        return (
          <li key={seq}>
            <button
              type="button"
              data-testid="http-frame-link"
              data-seq={seq}
              className="flex w-full items-center gap-2 rounded px-1 text-left hover:bg-panel-2"
              onClick={() => onSelect(seq)}
            >
              <span className="text-sky-400">#{seq}</span>
              {f ? <DirArrow dir={f.dir} /> : null}
              <span className="text-dim">{f?.kind ?? 'not loaded'}</span>
              <span className="truncate">{entry?.method ?? ''}</span>
              {f?.rpcId != null && <span className="text-dim">id {f.rpcId}</span>}
              <span className="ml-auto text-dim">{seq === x.sentSeq ? 'request body' : 'response'}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
