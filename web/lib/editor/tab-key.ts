// What Tab does in a Monaco editor: it moves the focus on (no keyboard trap, WCAG 2.1.2) until the user asks, per editor,
// for Tab to type a tab with the key VS Code uses for the same switch (Ctrl+M; Ctrl+Shift+M on a Mac, where Cmd+M hides
// the window). Monaco 0.57's own toggle flips a page-wide flag (TabFocus) that every editor ORs with its own
// `tabFocusMode` option, so the editor's option, not that flag, is what mcpscope sets: the switch is an editor action
// (Monaco scopes an action's keys to its editor, unlike editor.addCommand's), and the built-in loses its keys.
import type { OnMount } from '@monaco-editor/react';

type Editor = Parameters<OnMount>[0];
type Monaco = Parameters<OnMount>[1];

const onMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/** The keys that switch Tab between moving the focus and typing a tab, as the hint under an editor names them. */
const TAB_SWITCH_KEYS = onMac ? 'Ctrl+Shift+M' : 'Ctrl+M';

/** The line under an editable editor that says what Tab does now, and how to change it. */
export function tabHint(typingTabs: boolean): string {
  return typingTabs ? `Tab types a tab · ${TAB_SWITCH_KEYS} to move focus with Tab` : `Tab moves focus · ${TAB_SWITCH_KEYS} to type tabs`;
}

const SWITCH_KEYS = (monaco: Monaco) =>
  onMac ? monaco.KeyMod.WinCtrl | monaco.KeyMod.Shift | monaco.KeyCode.KeyM : monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyM;

/**
 * Takes the keys from Monaco's built-in switch, once, as Monaco loads: in a read-only editor (which has no switch of its
 * own) it would still turn the page-wide flag on, after which no editor could type a tab, whatever its hint says.
 */
export function unbindPageWideTabSwitch(monaco: Monaco): void {
  monaco.editor.addKeybindingRule({ keybinding: SWITCH_KEYS(monaco), command: '-editor.action.toggleTabFocusMode' });
}

/** Binds the switch to this editor alone; `onSwitch` flips the state the editor's `tabFocusMode` option is read from. */
export function bindTabSwitch(editor: Editor, monaco: Monaco, onSwitch: () => void): void {
  editor.addAction({ id: 'mcpscope.toggleTabTypes', label: 'Toggle: Tab types a tab / moves focus', keybindings: [SWITCH_KEYS(monaco)], run: onSwitch });
}
