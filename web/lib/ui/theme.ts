// The page's colour theme: light or dark as the system says (prefers-color-scheme) unless the person picked one, which
// this browser remembers; applied as data-theme on <html>, which styles.css and the editor's theme read.
import { useSyncExternalStore } from 'react';
import { Listeners } from '../../../shared/listeners.js';

export type Theme = 'light' | 'dark';
export type ThemeChoice = Theme | 'system';

const STORAGE_KEY = 'mcpscope.theme';
const listeners = new Listeners();
let choice: ThemeChoice = 'system';

function systemQuery(): MediaQueryList {
  return window.matchMedia('(prefers-color-scheme: light)');
}

function effective(): Theme {
  if (choice !== 'system') return choice;
  return systemQuery().matches ? 'light' : 'dark';
}

function apply() {
  document.documentElement.dataset.theme = effective();
  listeners.emit();
}

/** Reads the remembered choice and follows the system from then on; called once, before the first render. */
export function startTheme() {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    if (saved === 'light' || saved === 'dark') choice = saved;
  } catch {
    // Storage off (a locked-down profile): the page follows the system.
  }
  systemQuery().addEventListener('change', apply);
  apply();
}

export function setThemeChoice(next: ThemeChoice) {
  choice = next;
  try {
    if (next === 'system') localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, next);
  } catch {
    // Not remembered then, but still applied to this page.
  }
  apply();
}

const subscribe = listeners.add;

/** The choice (system, light, dark) and the theme in effect, re-rendering when either changes. */
export function useTheme(): { choice: ThemeChoice; theme: Theme } {
  const key = useSyncExternalStore(subscribe, () => `${choice}:${effective()}`);
  const [c, t] = key.split(':') as [ThemeChoice, Theme];
  return { choice: c, theme: t };
}
