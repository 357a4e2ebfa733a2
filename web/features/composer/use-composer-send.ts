// Sends the composer's text through the session's engine, asking for confirmation first when the plan says so.
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { LocalEngineError } from '../../../shared/engine/index.js';
import { formatLatency } from '../../lib/ui/format.js';
import { useRelay } from '../../lib/relay/relay-context.js';
import { useOnChange } from '../../lib/ui/use-on-change.js';
import { SendError } from '../../lib/relay/relay-socket.js';
import { composerHistory } from './composer-history.js';
import { planSend, type SendPlan } from './send-plan.js';

export type ComposerStatus = { kind: 'idle' } | { kind: 'info'; text: string } | { kind: 'error'; text: string };

export function useComposerSend(sessionId: string | null, live: boolean, text: string, compact: boolean) {
  const { engines } = useRelay();
  const [confirming, setConfirming] = useState<string[] | null>(null);
  const [status, setStatus] = useState<ComposerStatus>({ kind: 'idle' });
  // Date.now() when the responses being waited for went out (null when none are): the waiting note reads it.
  const [waitingSince, setWaitingSince] = useState<number | null>(null);
  const plan: SendPlan = planSend(text, compact);

  // A warning confirmed for one text must not carry over to an edited one.
  useOnChange([text, compact], () => setConfirming(null));

  const transmit = useCallback(
    async (wire: string) => {
      if (sessionId === null) return;
      const engine = engines.get(sessionId);
      const started = performance.now();
      const sentAt = Date.now();
      const { sent, responses } = engine.sendRaw(wire);
      setConfirming(null);
      try {
        await sent;
        composerHistory.add(wire);
      } catch (err) {
        const local = err instanceof SendError ? err.local : true;
        const code = err instanceof SendError ? `${err.code}: ` : '';
        setStatus({ kind: 'error', text: `not sent (${local ? 'local' : 'relay'}) ${code}${err instanceof Error ? err.message : String(err)}` });
        return;
      }
      if (responses.length === 0) {
        setStatus({ kind: 'info', text: 'sent; no response expected (no request with an id)' });
        return;
      }
      setStatus({ kind: 'info', text: `sent; waiting for ${responses.length} response${responses.length === 1 ? '' : 's'}…` });
      setWaitingSince(sentAt);
      const results = await Promise.allSettled(responses);
      // A later send may be waiting by now: only clear the mark this one set.
      setWaitingSince((s) => (s === sentAt ? null : s));
      const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (failed) {
        const reason: unknown = failed.reason;
        const text = reason instanceof LocalEngineError ? `${reason.code}: ${reason.message}` : String(reason);
        setStatus({ kind: 'error', text: `local error (made by mcpscope, not the server): ${text}` });
      } else {
        setStatus({ kind: 'info', text: `answered in ${formatLatency(performance.now() - started)}` });
      }
    },
    [engines, sessionId],
  );

  /** First press on a risky text shows the warning; pressing again (or "Send anyway") sends it as typed. */
  const send = (): void => {
    if (plan.kind === 'empty' || !live) return;
    if (plan.kind === 'confirm' && confirming === null) {
      setConfirming(plan.reasons);
      return;
    }
    void transmit(plan.text);
  };

  // Monaco keeps the first command callback it is given; route Ctrl/Cmd+Enter through a ref to the latest one.
  const sendRef = useRef(send);
  useLayoutEffect(() => {
    sendRef.current = send;
  });

  return { plan, confirming, status, waitingSince, send, sendRef, transmit };
}
