// The per-call timeout in seconds; the text may be briefly empty or invalid while typing, only valid values apply.
import { useState } from 'react';

export function TimeoutField({ timeoutMs, onTimeoutMs }: { timeoutMs: number; onTimeoutMs: (ms: number) => void }) {
  const [text, setText] = useState(String(timeoutMs / 1000));
  const seconds = Number(text);
  const valid = text.trim() !== '' && Number.isFinite(seconds) && seconds > 0;
  return (
    <label
      className="ml-auto flex items-center gap-1 text-dim"
      title="no result (and no progress) for this long ends the wait with a local REQUEST_TIMEOUT error"
    >
      timeout
      <input
        type="number"
        data-testid="tool-timeout"
        aria-invalid={!valid}
        className="control w-20"
        min={0.1}
        step="any"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          const next = Number(e.target.value);
          if (e.target.value.trim() !== '' && Number.isFinite(next) && next > 0) onTimeoutMs(Math.round(next * 1000));
        }}
      />
      s
    </label>
  );
}
