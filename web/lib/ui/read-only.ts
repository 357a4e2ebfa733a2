// Whether this page is a read-only viewer (the share file): actions that would send or edit, such as Resend, hide.
let readOnly = false;

/** Called once by an entry that has no relay behind it, before its first render. */
export function markReadOnly(): void {
  readOnly = true;
}

export function isReadOnlyPage(): boolean {
  return readOnly;
}
