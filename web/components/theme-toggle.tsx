// The theme switch: follows the system until clicked, then cycles light → dark → system; the choice is remembered.
import { setThemeChoice, useTheme, type ThemeChoice } from '../lib/ui/theme.js';

const NEXT: Record<ThemeChoice, ThemeChoice> = { system: 'light', light: 'dark', dark: 'system' };
const LABEL: Record<ThemeChoice, string> = { system: 'auto', light: 'light', dark: 'dark' };

export function ThemeToggle() {
  const { choice, theme } = useTheme();
  return (
    <button
      type="button"
      className="px-2 py-0.5 text-xs text-dim hover:text-white"
      data-testid="theme-toggle"
      data-choice={choice}
      title={`Theme: ${choice === 'system' ? `following the system (${theme})` : choice}; click for ${LABEL[NEXT[choice]]}`}
      aria-label={`theme: ${LABEL[choice]} (${theme}); switch to ${LABEL[NEXT[choice]]}`}
      onClick={() => setThemeChoice(NEXT[choice])}
    >
      {theme === 'light' ? '☀' : '☾'} {LABEL[choice]}
    </button>
  );
}
