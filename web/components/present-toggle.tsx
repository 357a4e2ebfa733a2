// The presentation-mode switch: larger type, high contrast, secrets masked on screen, the log following and stepping by
// exchange. Remembered by this browser.
import { setPresenting, usePresenting } from '../lib/ui/presentation.js';

export function PresentToggle() {
  const on = usePresenting();
  return (
    <button
      type="button"
      className={`px-2 py-0.5 text-xs ${on ? 'text-white' : 'text-dim hover:text-white'}`}
      data-testid="present-toggle"
      aria-pressed={on}
      title={
        on
          ? 'Presentation mode: larger type, high contrast, credentials masked on screen (not in the recording), the log centred on the newest frame, ↑/↓ or j/k step by exchange. Click to leave.'
          : 'Presentation mode for demos: larger type, high contrast, credentials masked on screen, step through exchanges with ↑/↓ or j/k'
      }
      onClick={() => setPresenting(!on)}
    >
      ▣ present
    </button>
  );
}
