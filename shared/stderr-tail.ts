// How many of a server's last stderr lines every program keeps for the moment it exits or fails: one number for the
// relay's `exited` event, `call`'s and `check`'s failure messages and the tap's record (the page may use it too).

/** Enough for a stack trace's head and the line that said why; a flood of logging never grows it. */
export const STDERR_TAIL_LINES = 20;

/** The last STDERR_TAIL_LINES lines seen, oldest first; `clear()` starts over (a restarted process). */
export class StderrTail {
  private readonly lines: string[] = [];

  push(line: string): void {
    this.lines.push(line);
    if (this.lines.length > STDERR_TAIL_LINES) this.lines.shift();
  }

  clear(): void {
    this.lines.length = 0;
  }

  /** The lines joined by newlines, as the `exited` event and the failure messages carry them. */
  text(): string {
    return this.lines.join('\n');
  }
}
