// One conversation in the Chat tab: the shared chat loop run in the page, the model reached through the relay, tool
// calls through the session's engine, approvals asked of the person in the transcript, Stop for both.
import { useCallback, useRef, useState } from 'react';
import { runChat, type ChatEvent } from '../../../shared/model/chat-loop.js';
import type { ApprovalMode, ChatMessage, ChatToolCall, ChatTurn, ProviderName } from '../../../shared/model/chat-types.js';
import { stopToken } from '../../../shared/model/stop-token.js';
import type { ToolLike } from '../../../shared/model/tool-functions.js';
import { useRelay } from '../../lib/relay/relay-context.js';
import { browserToolRunner } from './browser-tool-runner.js';
import { relayProvider } from '../../lib/model/relay-provider.js';

export interface ChatItem {
  kind: 'user' | 'turn' | 'note';
  text: string;
  /** Which send() it belongs to: steps count from 1 in each. */
  round?: number;
  turn?: ChatTurn & { exchangeSeq?: number };
}

export interface PendingApproval {
  call: ChatToolCall;
  answer(yes: boolean): void;
}

export interface ChatSettings {
  provider: ProviderName;
  model: string;
  system: string;
  tools: ToolLike[];
  approval: ApprovalMode;
  maxSteps: number;
}

export function useChat(sessionId: string) {
  const { http, engines, store } = useRelay();
  const [items, setItems] = useState<ChatItem[]>([]);
  const [running, setRunning] = useState(false);
  const [pending, setPending] = useState<PendingApproval | null>(null);
  const [live, setLive] = useState<{ step: number; text: string; calls: ChatToolCall[] } | null>(null);
  const history = useRef<ChatMessage[]>([]);
  const stop = useRef<ReturnType<typeof stopToken> | null>(null);
  const rounds = useRef(0);

  const send = useCallback(
    async (prompt: string, s: ChatSettings) => {
      const token = stopToken();
      const r = ++rounds.current;
      stop.current = token;
      setRunning(true);
      setItems((v) => [...v, { kind: 'user', text: prompt }]);
      let lastExchange: number | undefined;
      const onEvent = (e: ChatEvent) => {
        if (e.type === 'turn-start') setLive({ step: e.step, text: '', calls: [] });
        else if (e.type === 'text') setLive((l) => (l ? { ...l, text: l.text + e.delta } : l));
        else if (e.type === 'turn-end') setLive((l) => (l ? { ...l, text: '' } : l));
        else if (e.type === 'tool-start' || e.type === 'tool-end' || e.type === 'approval')
          setLive((l) => (l ? { ...l, calls: [...l.calls.filter((c) => c.id !== e.call.id), e.call] } : l));
      };
      try {
        const round = await runChat({
          provider: relayProvider(http, sessionId, s.provider, 'chat', (seq) => (lastExchange = seq)),
          model: s.model,
          system: s.system || undefined,
          prompt,
          history: history.current,
          tools: s.tools,
          runner: browserToolRunner(engines.get(sessionId), () => store.source(sessionId), store.subscribe, 60_000),
          approval: s.approval,
          ask: (call) =>
            new Promise<boolean>((resolve) => {
              const forget = token.onStop(() => resolve(false));
              setPending({ call, answer: (yes) => (forget(), setPending(null), resolve(yes)) });
            }),
          maxSteps: s.maxSteps,
          stop: token,
          clock: () => performance.now(),
          onEvent: (e) => {
            onEvent(e);
            if (e.type === 'turn-end')
              setItems((v) => [
                ...v,
                {
                  kind: 'turn',
                  round: r,
                  text: e.reply.text,
                  turn: {
                    step: e.step,
                    text: e.reply.text,
                    stopReason: e.reply.stopReason,
                    usage: e.reply.usage,
                    latencyMs: e.latencyMs,
                    toolCalls: [],
                    ...(lastExchange === undefined ? {} : { exchangeSeq: lastExchange }),
                  },
                },
              ]);
          },
        });
        history.current = round.messages;
        // The calls are known once each ran: put them into the turns that asked for them.
        setItems((v) =>
          v.map((item) =>
            item.turn && item.round === r
              ? { ...item, turn: { ...item.turn, toolCalls: round.turns.find((t) => t.step === item.turn!.step)?.toolCalls ?? [] } }
              : item,
          ),
        );
        const summary = `${round.outcome}${round.error ? `: ${round.error}` : ''} · ${round.usage.inputTokens} tokens in, ${round.usage.outputTokens} out`;
        setItems((v) => [...v, { kind: 'note', text: summary }]);
      } finally {
        setPending(null);
        setLive(null);
        setRunning(false);
        stop.current = null;
      }
    },
    [http, engines, store, sessionId],
  );

  const reset = useCallback(() => {
    history.current = [];
    setItems([]);
  }, []);

  return { items, running, pending, live, send, stop: () => void stop.current?.fire(), reset };
}
