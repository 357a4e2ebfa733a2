// The server-sent events of a response as a table: id, event, data (or the frame it became), retry and comments.
import type { SseEventRecord } from '../../../shared/http-exchange.js';
import { useScreenMask, type ScreenMask } from '../../lib/ui/screen-mask.js';

interface Props {
  events: readonly SseEventRecord[];
  dropped: number | undefined;
  onSelect: (seq: number) => void;
}

function dataCell(e: SseEventRecord, onSelect: (seq: number) => void, mask: ScreenMask | null) {
  if (e.seq !== undefined) {
    return (
      <button type="button" data-testid="sse-event-frame" data-seq={e.seq} className="text-sky-400 hover:underline" onClick={() => onSelect(e.seq!)}>
        frame #{e.seq} ({e.dataSize ?? 0} chars)
      </button>
    );
  }
  if (e.dataSize === 0) return <span className="text-dim">(empty: priming event)</span>;
  if (e.data !== undefined) return <span className="break-all whitespace-pre-wrap">{mask === null ? e.data : mask(e.data)}</span>;
  return <span className="text-dim">(no data line)</span>;
}

export function SseEventsTable({ events, dropped, onSelect }: Props) {
  const mask = useScreenMask();
  return (
    <div className="px-3 py-1">
      <table className="w-full border-collapse font-mono text-[11px]" data-testid="sse-events">
        <thead className="text-left text-[10px] text-dim uppercase">
          <tr>
            <th className="w-6 font-normal">#</th>
            <th className="w-[30%] font-normal">id</th>
            <th className="w-16 font-normal">event</th>
            <th className="font-normal">data</th>
            <th className="w-12 font-normal">retry</th>
            <th className="w-[22%] font-normal">comments</th>
          </tr>
        </thead>
        <tbody>
          {events.map((e, i) => (
            <tr key={i} data-testid="sse-event" data-event={e.event ?? 'message'} className="border-t border-edge/40 align-top">
              <td className="text-dim">{i + 1}</td>
              <td className="break-all">{e.id ?? <span className="text-dim">—</span>}</td>
              <td>{e.event ?? <span className="text-dim">message</span>}</td>
              <td>
                {dataCell(e, onSelect, mask)}
                {e.incomplete && <span className="ml-1 text-red-300">· cut before its end: never dispatched</span>}
                {e.oversize && <span className="ml-1 text-amber-300">· oversize: head kept</span>}
              </td>
              <td>{e.retry ?? ''}</td>
              <td className="break-all whitespace-pre-wrap text-dim">{e.comments?.join('\n') ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {dropped ? (
        <p className="text-amber-300">{dropped} later events were not kept (the list is capped); their messages are still frames in the log.</p>
      ) : null}
    </div>
  );
}
