// A collection's file as editable JSON: the steps, their params and their assertions, checked by the same schema the
// CLI reads (shared/collections) before it is saved, so what the page keeps is what `mcpscope run` runs.
import { useState } from 'react';
import { parseCollection, type Collection } from '../../../shared/collections/collection-schema.js';

interface Props {
  collection: Collection;
  saving: boolean;
  onSave: (c: Collection) => void;
}

export function CollectionJson({ collection, saving, onSave }: Props) {
  const original = JSON.stringify(collection, null, 2);
  const [text, setText] = useState(original);
  const [problem, setProblem] = useState<string | null>(null);
  const save = () => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (err) {
      return setProblem(`not JSON: ${(err as Error).message}`);
    }
    const parsed = parseCollection(value);
    if (!parsed.ok) return setProblem(parsed.error);
    setProblem(null);
    onSave(parsed.collection);
  };
  return (
    <div className="space-y-1">
      <textarea
        data-testid="collection-json"
        className="input h-64 w-full font-mono text-[11px]"
        spellCheck={false}
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-label="the collection as JSON"
      />
      <div className="flex items-center gap-2">
        <button type="button" data-testid="collection-json-save" className="btn" disabled={saving || text === original} onClick={save}>
          Save changes
        </button>
        {problem && (
          <span data-testid="collection-json-problem" className="text-rose-300">
            {problem}
          </span>
        )}
      </div>
    </div>
  );
}
