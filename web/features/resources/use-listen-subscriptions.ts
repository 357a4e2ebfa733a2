// Subscriptions in a 2026-07-28 session: each subscribed URI is its own subscriptions/listen request, a stream kept open
// (the engine gives it no timeout) until Unsubscribe cancels it; the server's resources/updated arrive on it.
import { useCallback, useEffect, useRef, useState } from 'react';
import { LISTEN_METHOD } from '../../../shared/engine/index.js';
import { McpCallError, mcpCall } from '../../lib/mcp/mcp-call.js';
import { useRelay } from '../../lib/relay/relay-context.js';

type Cancel = (reason?: string) => Promise<boolean>;

export function useListenSubscriptions(sessionId: string, epoch: string, enabled: boolean) {
  const { engines } = useRelay();
  const [subscribed, setSubscribed] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<Error | null>(null);
  const listens = useRef(new Map<string, Cancel>());

  const forget = useCallback((uri: string) => {
    listens.current.delete(uri);
    setSubscribed((prev) => {
      const next = new Set(prev);
      next.delete(uri);
      return next;
    });
  }, []);

  // A new server (or leaving the modern era) ends every open listen: the old streams belong to the old server.
  useEffect(() => {
    const open = listens.current;
    return () => {
      for (const cancel of open.values()) void cancel('the session changed').catch(() => undefined);
      open.clear();
      setSubscribed(new Set());
    };
  }, [sessionId, epoch, enabled]);

  const toggle = useCallback(
    (uri: string) => {
      const open = listens.current.get(uri);
      if (open) {
        forget(uri);
        void open('unsubscribed').catch(() => undefined);
        return;
      }
      setError(null);
      const params = { notifications: { resourceSubscriptions: [uri] } };
      mcpCall(engines.get(sessionId), LISTEN_METHOD, params, {
        onStart: ({ cancel }) => {
          listens.current.set(uri, cancel);
          setSubscribed((prev) => new Set(prev).add(uri));
        },
      }).then(
        // The server ended the stream itself: the subscription is over.
        () => listens.current.has(uri) && forget(uri),
        (err: unknown) => {
          const ours = err instanceof McpCallError && err.local && err.code === 'CANCELLED';
          if (listens.current.has(uri)) forget(uri);
          if (!ours) setError(err instanceof Error ? err : new Error(String(err)));
        },
      );
    },
    [engines, sessionId, forget],
  );
  return { subscribed, toggle, error };
}
