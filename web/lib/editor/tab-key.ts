// What Tab does in a Monaco editor: it moves the focus on (no keyboard trap, WCAG 2.1.2) until the user asks, per editor,
// for Tab to type a tab with the key VS Code uses for the same switch (Ctrl+M; Ctrl+Shift+M on a Mac, where Cmd+M hides
// the window). Monaco 0.57's own toggle flips a page-wide flag (TabFocus) that every editor ORs with its own
// `tabFocusMode` option, so the editor's option, not that flag, is what mcpscope sets; the switch is an editor action
// (scoped to its editor by Monaco), which runs instead of the built-in one on the same keys.
import type { OnMount } from '@monaco-editor/react';

type Editor = Parameters<OnMount>[0];
type Monaco = Parameters<OnMount>[1];

const onMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/** The keys that switch Tab between moving the focus and typing a tab, as the hint under an editor names them. */
export const TAB_SWITCH_KEYS = onMac ? 'Ctrl+Shift+M' : 'Ctrl+M';

/** The line under an editable editor that says what Tab does now, and how to change it. */
export function tabHint(typingTabs: boolean): string {
  return typingTabs ? `Tab types a tab · ${TAB_SWITCH_KEYS} to move focus with Tab` : `Tab moves focus · ${TAB_SWITCH_KEYS} to type tabs`;
}

/** Binds the switch to this editor alone; `onSwitch` flips the state the editor's `tabFocusMode` option is read from. */
export function bindTabSwitch(editor: Editor, monaco: Monaco, onSwitch: () => void): void {
  const { KeyMod, KeyCode } = monaco;
  editor.addAction({
    id: 'mcpscope.toggleTabTypes',
    label: 'Toggle: Tab types a tab / moves focus',
    keybindings: [onMac ? KeyMod.WinCtrl | KeyMod.Shift | KeyCode.KeyM : KeyMod.CtrlCmd | KeyCode.KeyM],
    run: onSwitch,
  });
}
