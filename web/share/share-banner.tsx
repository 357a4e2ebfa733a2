// The share file's banner: what the file is, when and with which mcpscope it was made, that secrets were removed, and
// how to take it back into mcpscope; while the frames are still being read, how far it has got, and why it stopped
// if the data is damaged. Every string from the file is rendered as text.
import type { BundleHeader } from '../../shared/bundle/bundle-format.js';
import { PresentToggle } from '../components/present-toggle.js';
import { ThemeToggle } from '../components/theme-toggle.js';
import type { ShareLoadState } from './share-load.js';

export function ShareBanner({ header, loaded }: { header: BundleHeader; loaded: ShareLoadState }) {
  const { trailer, error, done } = loaded;
  const fromRecipe = header.redacted.length > 0 ? header.redacted.join(', ') : 'nothing named secret';
  return (
    <header data-testid="share-banner" className="flex shrink-0 flex-wrap items-center gap-x-3 gap-y-1 border-b border-edge bg-panel-2 px-3 py-1 text-xs">
      <span className="font-semibold">mcpscope recording</span>
      <span className="text-dim">
        A read-only copy of session “<span data-testid="share-session-name">{header.session.name}</span>”, exported{' '}
        <time dateTime={header.exportedAt}>{header.exportedAt}</time> by mcpscope <span data-testid="share-version">{header.environment.mcpscope}</span> (
        {header.environment.os}, Node {header.environment.node}).
      </span>
      <span data-testid="share-secrets" className="text-dim">
        Secrets removed: {fromRecipe} from the recipe, {trailer ? trailer.redactions : '…'} replaced in the frames.
      </span>
      {!done && (
        <span data-testid="share-reading" className="text-dim">
          reading the recording…
        </span>
      )}
      {error !== null && (
        <span data-testid="share-read-error" role="alert" className="text-red-300">
          The rest of the recording cannot be read: {error}. The frames shown are those before the damage.
        </span>
      )}
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
