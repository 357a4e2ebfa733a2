// How many of a server's last stderr lines every program keeps for the moment it exits or fails: one number for the
// relay's `exited` event, `call`'s and `check`'s failure messages, the tap's record and the page's exit banner.

/** Enough for a stack trace's head and the line that said why; a flood of logging never grows it. */
export const STDERR_TAIL_LINES = 20;

/** The last STDERR_TAIL_LINES lines seen, oldest first; `clear()` starts over (a restarted process). */
export class StderrTail {
  private readonly kept: string[] = [];

  push(line: string): void {
    this.kept.push(line);
    if (this.kept.length > STDERR_TAIL_LINES) this.kept.shift();
  }

  clear(): void {
    this.kept.length = 0;
  }

  /** The lines joined by newlines, as the `exited` event and the failure messages carry them. */
  text(): string {
    return this.kept.join('\n');
  }

  /** The lines, oldest first (a copy: the page's banner keeps it while the tail moves on). */
  lines(): string[] {
    return [...this.kept];
  }
}
