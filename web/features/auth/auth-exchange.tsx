// One HTTP request of an OAuth flow, as recorded (secrets already masked by the relay): line, headers and bodies.
import { useState } from 'react';
import type { HttpExchange } from '../../../shared/http-exchange.js';

function Headers({ lines }: { lines: Array<[string, string]> }) {
  return <pre className="overflow-x-auto whitespace-pre-wrap break-all text-[11px] text-slate-300">{lines.map(([k, v]) => `${k}: ${v}`).join('\n')}</pre>;
}

function Body({ text }: { text: string | undefined }) {
  if (!text) return null;
  let shown = text;
  try {
    shown = JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    // not JSON: shown as it came
  }
  return <pre className="max-h-64 overflow-auto whitespace-pre-wrap break-all rounded bg-panel p-1 text-[11px]">{shown}</pre>;
}

export function AuthExchange({ x }: { x: HttpExchange }) {
  const [open, setOpen] = useState(false);
  const status = x.response ? `${x.response.status} ${x.response.statusText}` : (x.error?.code ?? x.state);
  const bad = !x.response || x.response.status >= 400;
  return (
    <div className="rounded border border-edge" data-testid="auth-exchange" data-exchange={x.id}>
      <button type="button" className="flex w-full gap-2 px-1 text-left font-mono text-[11px]" onClick={() => setOpen(!open)} aria-expanded={open}>
        <span className="text-dim">{x.id}</span>
        <span>{x.request.method}</span>
        <span className="truncate">{x.request.url}</span>
        <span className={`ml-auto shrink-0 ${bad ? 'text-red-300' : 'text-emerald-300'}`}>{status}</span>
      </button>
      {open && (
        <div className="space-y-1 border-t border-edge p-1">
          <div className="text-dim">request</div>
          <Headers lines={x.request.headers} />
          <Body text={x.request.body} />
          {x.response && (
            <>
              <div className="text-dim">response</div>
              <Headers lines={x.response.headers} />
              <Body text={x.response.body} />
            </>
          )}
          {x.error && <p className="text-red-300">{x.error.message}</p>}
        </div>
      )}
    </div>
  );
}
