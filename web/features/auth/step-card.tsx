// One step of an OAuth flow: its state, what happened, what the spec expects there, findings, facts and exchanges.
import { useState } from 'react';
import type { StepView } from '../../../shared/oauth/auth-flow-view.js';
import { STEP_EXPECTATIONS } from '../../../shared/oauth/auth-steps.js';
import { SafeLink } from '../../components/safe-link.js';
import { SeverityBadge } from '../../components/severity-badge.js';
import { AuthExchange } from './auth-exchange.js';

const STATUS_STYLE: Record<StepView['status'], string> = {
  ok: 'bg-emerald-700 text-emerald-50',
  skipped: 'bg-slate-600 text-slate-100',
  waiting: 'bg-amber-700 text-amber-50',
  running: 'bg-sky-700 text-sky-50',
  failed: 'bg-red-700 text-red-50',
};

export function StepCard({ step, index }: { step: StepView; index: number }) {
  const expect = STEP_EXPECTATIONS[step.step];
  const [open, setOpen] = useState(step.status === 'failed' || step.status === 'waiting');
  return (
    <li className="rounded border border-edge bg-panel-2" data-testid={`auth-step-${step.step}`} data-status={step.status}>
      <button type="button" className="flex w-full items-center gap-2 px-2 py-1 text-left text-xs" onClick={() => setOpen(!open)} aria-expanded={open}>
        <span className="w-4 text-dim">{index + 1}</span>
        <span className="font-semibold text-white">{expect.title}</span>
        <span className={`rounded px-1 text-[10px] ${STATUS_STYLE[step.status]}`}>{step.status}</span>
        {step.findings.map((f, i) => (
          <SeverityBadge key={i} severity={f.severity} />
        ))}
        <span className="ml-auto text-dim">{step.exchanges.length > 0 ? `${step.exchanges.length} request${step.exchanges.length > 1 ? 's' : ''}` : ''}</span>
      </button>
      <p className="px-2 pb-1 text-xs text-slate-200" data-testid="auth-step-message">
        {step.message}
      </p>
      {open && (
        <div className="space-y-2 border-t border-edge px-2 py-2 text-xs">
          <div className="rounded bg-panel px-2 py-1 text-dim">
            <span className="font-semibold text-slate-300">The spec expects: </span>
            {expect.expects} <SafeLink href={expect.url} label={`(${expect.source})`} />
          </div>
          {step.findings.length > 0 && (
            <ul className="space-y-1">
              {step.findings.map((f, i) => (
                <li key={i} className="flex gap-1">
                  <SeverityBadge severity={f.severity} />
                  <span>{f.message}</span>
                </li>
              ))}
            </ul>
          )}
          {Object.keys(step.facts).length > 0 && (
            <table className="w-full">
              <tbody>
                {Object.entries(step.facts).map(([k, v]) => (
                  <tr key={k}>
                    <td className="w-48 pr-2 align-top text-dim">{k}</td>
                    <td className="break-all font-mono">{v}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {step.exchanges.map((x) => (
            <AuthExchange key={x.id} x={x} />
          ))}
          {step.missing.length > 0 && <p className="text-dim">Not in this part of the log: {step.missing.join(', ')}</p>}
        </div>
      )}
    </li>
  );
}
