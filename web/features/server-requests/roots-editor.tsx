// Edits the roots (file:// URIs) the client offers; saving sends notifications/roots/list_changed so the server asks again.
import { useState } from 'react';
import { rootProblem, type Root } from '../../lib/server-requests/server-request-rules.js';

export function RootsEditor({ roots, onChange }: { roots: readonly Root[]; onChange: (roots: Root[]) => void }) {
  const [uri, setUri] = useState('file:///');
  const [name, setName] = useState('');
  const problem = rootProblem(uri);
  const add = () => {
    if (problem) return;
    onChange([...roots, name.trim() ? { uri, name: name.trim() } : { uri }]);
    setUri('file:///');
    setName('');
  };
  return (
    <div data-testid="roots-editor" className="space-y-1">
      <h3 className="font-semibold">Roots</h3>
      {roots.length === 0 && <p className="text-dim">No roots: roots/list is answered with an empty list.</p>}
      <ul className="space-y-0.5">
        {roots.map((r, i) => (
          <li key={`${r.uri}-${i}`} data-testid="root-item" className="flex items-center gap-2 font-mono">
            <span className="min-w-0 flex-1 truncate">{r.uri}</span>
            {r.name && <span className="text-dim">{r.name}</span>}
            <button type="button" data-testid="root-remove" className="text-red-300 hover:underline" onClick={() => onChange(roots.filter((_, j) => j !== i))}>
              remove
            </button>
          </li>
        ))}
      </ul>
      <form
        className="flex flex-wrap items-center gap-1"
        onSubmit={(e) => {
          e.preventDefault();
          add();
        }}
      >
        <input data-testid="root-uri" aria-label="root URI" className="input min-w-0 flex-1 font-mono" value={uri} onChange={(e) => setUri(e.target.value)} />
        <input
          data-testid="root-name"
          aria-label="root name"
          placeholder="name (optional)"
          className="input w-32"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <button type="submit" data-testid="root-add" className="btn" disabled={problem !== null}>
          Add root
        </button>
      </form>
      {problem && uri !== 'file:///' && <p className="text-red-300">{problem}</p>}
    </div>
  );
}
