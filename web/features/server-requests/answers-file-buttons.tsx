// Import and export of the answers file (the one `mcpscope call --answers` reads) as this session's auto-responses.
import { useRef, useState } from 'react';
import { parseAnswersFile } from '../../../shared/answers/index.js';
import type { ServerRequestInbox } from '../../lib/server-requests/server-request-inbox.js';
import { downloadBlob } from '../../lib/ui/download.js';

export function AnswersFileButtons({ inbox }: { inbox: ServerRequestInbox }) {
  const input = useRef<HTMLInputElement>(null);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);

  const load = async (file: File) => {
    let value: unknown;
    try {
      value = JSON.parse(await file.text());
    } catch (err) {
      setNote({ ok: false, text: `${file.name} is not JSON: ${(err as Error).message}` });
      return;
    }
    const r = parseAnswersFile(value);
    if (!r.ok) {
      setNote({ ok: false, text: `${file.name} is not an answers file: ${r.error}` });
      return;
    }
    await inbox.importAnswers(r.answers);
    setNote({ ok: true, text: `Answering from ${file.name}` });
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      <button type="button" data-testid="answers-import" className="btn" onClick={() => input.current?.click()}>
        Import answers file…
      </button>
      <button
        type="button"
        data-testid="answers-export"
        className="btn"
        onClick={() => downloadBlob('answers.json', `${JSON.stringify(inbox.exportAnswers(), null, 2)}\n`, 'application/json')}
      >
        Export answers file
      </button>
      <input
        ref={input}
        type="file"
        accept="application/json,.json"
        data-testid="answers-file"
        className="hidden"
        onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (f) void load(f);
        }}
      />
      {note && (
        <span data-testid="answers-note" className={note.ok ? 'text-dim' : 'text-red-300'}>
          {note.text}
        </span>
      )}
    </div>
  );
}
