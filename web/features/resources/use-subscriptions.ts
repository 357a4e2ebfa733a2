// Which URIs this page subscribed to: in a legacy session changed only by the server's answers to resources/subscribe and
// /unsubscribe; in a modern one, the subscriptions/listen streams this page keeps open.
import { useCallback, useState } from 'react';
import { useMcpAction } from '../../api/use-mcp-action.js';
import type { McpSessionState } from '../../api/use-mcp-session.js';
import { useOnChange } from '../../lib/ui/use-on-change.js';
import { useListenSubscriptions } from './use-listen-subscriptions.js';

export function useSubscriptions(sessionId: string, mcp: McpSessionState) {
  const [subscribed, setSubscribed] = useState<ReadonlySet<string>>(new Set());
  const subscribe = useMcpAction<string>(sessionId, mcp.epoch, 'resources/subscribe', [], (uri) => ({ uri }));
  const unsubscribe = useMcpAction<string>(sessionId, mcp.epoch, 'resources/unsubscribe', [], (uri) => ({ uri }));
  // A new server process has no subscriptions, whatever the old one had.
  useOnChange([mcp.epoch], () => setSubscribed(new Set()));

  const { runAsync: sub } = subscribe;
  const { runAsync: unsub } = unsubscribe;
  const toggle = useCallback(
    (uri: string) => {
      const on = !subscribed.has(uri);
      (on ? sub(uri) : unsub(uri)).then(
        () =>
          setSubscribed((prev) => {
            const next = new Set(prev);
            if (on) next.add(uri);
            else next.delete(uri);
            return next;
          }),
        // Shown from the action's state; nothing else to do here.
        () => undefined,
      );
    },
    [subscribed, sub, unsub],
  );
  const pending = subscribe.last?.status === 'pending' || unsubscribe.last?.status === 'pending';
  const failures = [subscribe.last, unsubscribe.last].filter((s) => s?.status === 'error').map((s) => s!.error);
  const supported = typeof mcp.capabilities.resources === 'object' && (mcp.capabilities.resources as { subscribe?: unknown }).subscribe === true;
  const modern = mcp.era === 'modern';
  const listen = useListenSubscriptions(sessionId, mcp.epoch, modern);
  if (modern) return { subscribed: listen.subscribed, toggle: listen.toggle, pending: false, supported, error: listen.error };
  return { subscribed, toggle, pending, supported, error: failures.at(-1) ?? null };
}
