// The conversation as the Chat tab draws it: the person's messages, the model's replies with usage and latency, each
// tool call in place (arguments, decision, result, timing, a link to its frames in the log), and the approval prompt.
// Everything here came from a model or a server: shown as text, never as HTML.
import type { ChatToolCall } from '../../../shared/model/chat-types.js';
import type { ChatItem, PendingApproval } from './use-chat.js';

function FrameLinks({ seqs, onSelect }: { seqs: number[]; onSelect: (seq: number) => void }) {
  return (
    <>
      {seqs.map((seq) => (
        <button
          key={seq}
          type="button"
          data-testid="chat-frame-link"
          data-seq={seq}
          className="ml-1 font-mono text-[11px] text-sky-400 hover:underline"
          onClick={() => onSelect(seq)}
        >
          #{seq}
        </button>
      ))}
    </>
  );
}

function ToolCallCard({ call, onSelect }: { call: ChatToolCall; onSelect: (seq: number) => void }) {
  return (
    <div data-testid="chat-tool-call" data-tool={call.name} data-decision={call.decision} className="my-1 rounded border border-edge px-2 py-1">
      <div className="flex flex-wrap items-center gap-1">
        <span className="font-mono font-semibold">{call.name}</span>
        <span className="text-dim">
          ({call.decision}
          {call.ms === null ? '' : `, ${call.ms} ms`})
        </span>
        <FrameLinks seqs={call.seqs} onSelect={onSelect} />
      </div>
      <pre className="whitespace-pre-wrap break-all font-mono text-[11px] text-dim">{JSON.stringify(call.arguments ?? {})}</pre>
      {call.text && (
        <pre data-testid="chat-tool-result" className={`whitespace-pre-wrap break-words font-mono text-[11px] ${call.isError ? 'text-rose-300' : ''}`}>
          {call.text}
        </pre>
      )}
    </div>
  );
}

function ApprovalPrompt({ pending }: { pending: PendingApproval }) {
  return (
    <div data-testid="chat-approval" className="my-1 rounded border border-amber-400/60 px-2 py-1">
      <p>
        The model wants to call <span className="font-mono font-semibold">{pending.call.name}</span>:
      </p>
      <pre className="whitespace-pre-wrap break-all font-mono text-[11px]">{JSON.stringify(pending.call.arguments ?? {}, null, 2)}</pre>
      <div className="mt-1 flex gap-2">
        <button type="button" data-testid="chat-approve" className="btn btn-primary" onClick={() => pending.answer(true)}>
          Run it
        </button>
        <button type="button" data-testid="chat-decline" className="btn" onClick={() => pending.answer(false)}>
          Decline
        </button>
      </div>
    </div>
  );
}

export function ChatTranscript({
  items,
  live,
  pending,
  onSelect,
}: {
  items: ChatItem[];
  live: { step: number; text: string; calls: ChatToolCall[] } | null;
  pending: PendingApproval | null;
  onSelect: (seq: number) => void;
}) {
  return (
    <div data-testid="chat-transcript" className="flex-1 overflow-auto px-3 py-2">
      {items.map((item, i) =>
        item.kind === 'user' ? (
          <p key={i} data-testid="chat-user" className="my-1 whitespace-pre-wrap font-semibold">
            {item.text}
          </p>
        ) : item.kind === 'note' ? (
          <p key={i} data-testid="chat-outcome" className="my-1 text-dim">
            {item.text}
          </p>
        ) : (
          <div key={i} data-testid="chat-turn" className="my-1">
            {item.text && (
              <p className="whitespace-pre-wrap" data-testid="chat-reply">
                {item.text}
              </p>
            )}
            {item.turn?.toolCalls.map((c) => (
              <ToolCallCard key={c.id} call={c} onSelect={onSelect} />
            ))}
            <p className="text-[11px] text-dim" data-testid="chat-usage">
              step {item.turn?.step} · {item.turn?.stopReason} · {item.turn?.latencyMs} ms
              {item.turn?.usage ? ` · ${item.turn.usage.inputTokens} tokens in, ${item.turn.usage.outputTokens} out` : ''}
              {item.turn?.exchangeSeq !== undefined && <FrameLinks seqs={[item.turn.exchangeSeq]} onSelect={onSelect} />}
            </p>
          </div>
        ),
      )}
      {live?.text && (
        <p data-testid="chat-streaming" className="my-1 whitespace-pre-wrap">
          {live.text}
        </p>
      )}
      {live?.calls
        .filter((c) => c.decision !== 'declined' || c.text)
        .map((c) => (
          <ToolCallCard key={c.id} call={c} onSelect={onSelect} />
        ))}
      {pending && <ApprovalPrompt pending={pending} />}
    </div>
  );
}
