// The share file's page: the banner and the session's header over the inspector's own log (with its sequence view)
// and the read-only side panels: Detail (raw text, parsed JSON, findings, error explanations), Findings, HTTP
// exchanges and the Reference. No composer and no panel that would send anything.
import { useCallback, useEffect, useState } from 'react';
import type { BundleHeader } from '../../shared/bundle/bundle-format.js';
import { DetailPane } from '../features/detail/detail-pane.js';
import { FindingsPanel } from '../features/findings/findings-panel.js';
import { ExchangeBacklink, ExchangeCountBadge } from '../features/http-exchanges/exchange-backlink.js';
import { HttpExchangesPanel } from '../features/http-exchanges/http-exchanges-panel.js';
import { LogPanel } from '../features/log/log-panel.js';
import { ReferencePanel } from '../features/reference/reference-panel.js';
import { SequenceView } from '../features/sequence/sequence-view.js';
import { usePendingIntent } from '../lib/ui/panel-intents.js';
import { ShareBanner } from './share-banner.js';
import { SessionHeader } from './session-header.js';
import { useShareLoad, type ShareLoad } from './share-load.js';

const TABS = [
  { id: 'detail', title: 'Detail' },
  { id: 'findings', title: 'Findings' },
  { id: 'http', title: 'HTTP' },
  { id: 'reference', title: 'Reference' },
] as const;
type Tab = (typeof TABS)[number]['id'];

export function ShareApp({ header, load, sessionId }: { header: BundleHeader; load: ShareLoad; sessionId: string }) {
  const loaded = useShareLoad(load);
  const [selectedSeq, setSelectedSeq] = useState<number | null>(null);
  const [tab, setTab] = useState<Tab>('detail');
  const [sideOpen, setSideOpen] = useState(true);
  const select = useCallback((seq: number | null) => setSelectedSeq(seq), []);
  const openDetail = useCallback(() => {
    setTab('detail');
    setSideOpen(true);
  }, []);
  const selectAndShow = useCallback(
    (seq: number) => {
      setSelectedSeq(seq);
      openDetail();
    },
    [openDetail],
  );
  // "Carried by exchange …" in Detail asks for the HTTP tab; the panel itself takes the exchange to show.
  const intent = usePendingIntent();
  useEffect(() => {
    if (intent?.target === 'http') {
      setTab('http');
      setSideOpen(true);
    }
  }, [intent]);

  return (
    <div className="flex h-full flex-col">
      <ShareBanner header={header} loaded={loaded} />
      <SessionHeader header={header} trailer={loaded.trailer} />
      <main className="flex min-h-0 flex-1" aria-label="recording">
        <div className="flex min-w-0 flex-1 flex-col">
          <LogPanel
            sessionId={sessionId}
            selectedSeq={selectedSeq}
            onSelect={select}
            onOpenDetail={openDetail}
            onCloseDetail={() => setSideOpen(false)}
            sequence={(p) => <SequenceView {...p} />}
          />
        </div>
        {sideOpen && (
          <aside className="flex w-[42%] min-w-[360px] flex-col border-l border-edge bg-panel" aria-label="panels">
            <div role="tablist" aria-label="panels" className="flex shrink-0 items-center gap-px border-b border-edge bg-panel-2 px-1">
              {TABS.map((t) => (
                <button
                  key={t.id}
                  type="button"
                  role="tab"
                  aria-selected={tab === t.id}
                  data-testid={`share-tab-${t.id}`}
                  onClick={() => setTab(t.id)}
                  className={`rounded px-2 py-0.5 text-xs ${tab === t.id ? 'bg-button-hover text-white' : 'text-dim hover:text-white'}`}
                >
                  {t.title}
                  {t.id === 'http' && <ExchangeCountBadge sessionId={sessionId} />}
                </button>
              ))}
              <button type="button" className="ml-auto px-2 text-xs text-dim hover:text-white" onClick={() => setSideOpen(false)} aria-label="close the panels">
                ×
              </button>
            </div>
            {tab === 'detail' &&
              (selectedSeq === null ? (
                <p className="p-4 text-dim">Select a frame to see it in full (click, or ↑/↓ then Enter).</p>
              ) : (
                <>
                  <ExchangeBacklink sessionId={sessionId} seq={selectedSeq} />
                  <DetailPane sessionId={sessionId} seq={selectedSeq} onSelect={selectAndShow} onClose={() => setSideOpen(false)} />
                </>
              ))}
            {tab === 'findings' && <FindingsPanel sessionId={sessionId} selectedSeq={selectedSeq} onSelect={selectAndShow} />}
            {/* Mounted once shown, so an exchange picked from Detail is still selected when coming back. */}
            <div className={tab === 'http' ? 'flex min-h-0 flex-1 flex-col' : 'hidden'}>
              <HttpExchangesPanel sessionId={sessionId} onSelect={selectAndShow} />
            </div>
            {tab === 'reference' && <ReferencePanel />}
          </aside>
        )}
      </main>
    </div>
  );
}
