// One exchange in full, devtools style: its summary, then Headers, Request, Response, Events and Frames sub-tabs.
import { useState } from 'react';
import type { LogSource } from '../../lib/log/log-source.js';
import { CarriedFrames } from './carried-frames.js';
import type { ExchangeRow } from '../../lib/http/exchange-index.js';
import { ExchangeBody } from './exchange-body.js';
import { headerValue } from './exchange-format.js';
import { ExchangeSummary } from './exchange-summary.js';
import { HeaderTable } from './header-table.js';
import { SseEventsTable } from './sse-events-table.js';

type Section = 'headers' | 'request' | 'response' | 'events' | 'frames';

interface Props {
  log: LogSource;
  row: ExchangeRow;
  onSelect: (seq: number) => void;
  /** Shows the exchange the relay named with this id (the cut stream a resume continues). */
  onOpenWireId: (wireId: string) => void;
}

export function ExchangeDetail({ log, row, onSelect, onOpenWireId }: Props) {
  const [section, setSection] = useState<Section>('headers');
  const { x } = row;
  const res = x.response;
  const frameCount = x.receivedSeqs.length + (x.sentSeq !== undefined ? 1 : 0);
  const tabs: [Section, string][] = [
    ['headers', 'Headers'],
    ['request', 'Request'],
    ['response', 'Response'],
    ...(res?.events ? [['events', `Events (${res.events.length})`] as [Section, string]] : []),
    ['frames', `Frames (${frameCount})`],
  ];
  const shown = section === 'events' && !res?.events ? 'headers' : section;
  return (
    <section data-testid="http-exchange-detail" data-id={row.id} data-state={x.state} className="min-h-0 flex-1 overflow-auto">
      <ExchangeSummary log={log} x={x} onJumpToExchange={onOpenWireId} />
      <nav className="sticky top-0 flex gap-px border-b border-edge bg-panel-2" role="tablist">
        {tabs.map(([id, title]) => (
          <button
            key={id}
            type="button"
            role="tab"
            data-testid={`http-section-${id}`}
            aria-selected={shown === id}
            className={`px-3 py-0.5 text-[11px] ${shown === id ? 'bg-panel text-white' : 'text-dim hover:text-white'}`}
            onClick={() => setSection(id)}
          >
            {title}
          </button>
        ))}
      </nav>
      {shown === 'headers' && (
        <div className="py-1">
          <SubTitle>request headers</SubTitle>
          <HeaderTable side="request" lines={x.request.headers} />
          <SubTitle>response headers</SubTitle>
          {res ? <HeaderTable side="response" lines={res.headers} /> : <p className="px-3 text-dim">No response.</p>}
        </div>
      )}
      {shown === 'request' && (
        <ExchangeBody
          testId="http-request-body"
          body={x.request.body}
          size={x.request.bodySize}
          truncated={x.request.bodyTruncated}
          contentType={headerValue(x.request.headers, 'content-type')}
        />
      )}
      {shown === 'response' &&
        (res ? (
          <ExchangeBody
            testId="http-response-body"
            body={res.body}
            size={res.bodySize}
            truncated={res.bodyTruncated}
            contentType={headerValue(res.headers, 'content-type')}
            streaming={x.state === 'open'}
          />
        ) : (
          <p className="px-3 py-1 text-dim">No response arrived{x.error ? `: ${x.error.message}` : ''}.</p>
        ))}
      {shown === 'events' && res?.events && <SseEventsTable events={res.events} dropped={res.eventsDropped} onSelect={onSelect} />}
      {shown === 'frames' && <CarriedFrames log={log} x={x} onSelect={onSelect} />}
    </section>
  );
}

function SubTitle({ children }: { children: string }) {
  return <p className="px-3 pt-1 text-[10px] tracking-wide text-dim uppercase">{children}</p>;
}
