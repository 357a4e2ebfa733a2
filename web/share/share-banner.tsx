// The share file's banner: what the file is, when and with which mcpscope it was made, that secrets were removed, and
// how to take it back into mcpscope. Every string from the file is rendered as text.
import type { ShareContents } from '../../shared/share/share-data.js';
import { PresentToggle } from '../components/present-toggle.js';
import { ThemeToggle } from '../components/theme-toggle.js';

export function ShareBanner({ contents }: { contents: ShareContents }) {
  const { header, trailer } = contents;
  const fromRecipe = header.redacted.length > 0 ? header.redacted.join(', ') : 'nothing named secret';
  return (
    <header data-testid="share-banner" className="flex shrink-0 flex-wrap items-center gap-x-3 gap-y-1 border-b border-edge bg-panel-2 px-3 py-1 text-xs">
      <span className="font-semibold">mcpscope recording</span>
      <span className="text-dim">
        A read-only copy of session “<span data-testid="share-session-name">{header.session.name}</span>”, exported{' '}
        <time dateTime={header.exportedAt}>{header.exportedAt}</time> by mcpscope <span data-testid="share-version">{header.environment.mcpscope}</span> ({header.environment.os},
        Node {header.environment.node}).
      </span>
      <span data-testid="share-secrets" className="text-dim">
        Secrets removed: {fromRecipe} from the recipe, {trailer.redactions} replaced in the frames.
      </span>
      <span className="text-dim">
        To replay it: <code>mcpscope open {'<this file>'}</code> or <code>mcpscope replay {'<this file>'}</code>.
      </span>
      <span className="ml-auto flex items-center">
        <PresentToggle />
        <ThemeToggle />
      </span>
    </header>
  );
}
