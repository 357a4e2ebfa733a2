// The relay's way out on a signal: stop the sessions, close the listener and the store, leave. Every step runs even
// when one before it throws, and a hard deadline ends the process if a step hangs, so a stuck server or a failing store
// can never keep mcpscope (and the servers it started) running after the user asked it to stop.

export interface ShutdownSteps {
  /** Stops every live session (their servers' shutdown ladders); may take a while, may throw. */
  stopSessions(): Promise<void>;
  /** Closes the listener and the store; each is tried even if the other throws. */
  close: Array<() => void>;
  /** Kills whatever children are left, synchronously. */
  killAll(): void;
  exit(code: number): void;
  log(message: string): void;
  /** How long the whole sequence may take before the process leaves anyway. */
  hardMs: number;
}

/** Runs the sequence and calls `exit` exactly once: 0 if every step worked, 1 if one failed or the deadline passed. */
export async function shutDown(s: ShutdownSteps): Promise<void> {
  let exited = false;
  const leave = (code: number) => {
    if (exited) return;
    exited = true;
    clearTimeout(deadline);
    // Children outlive nothing: whatever the steps left is killed before the process goes.
    s.killAll();
    s.exit(code);
  };
  const deadline = setTimeout(() => {
    s.log(`stopping took over ${s.hardMs} ms; leaving anyway`);
    leave(1);
  }, s.hardMs);
  let code = 0;
  try {
    await s.stopSessions();
  } catch (err) {
    s.log(`stopping the sessions failed: ${(err as Error).message}`);
    code = 1;
  }
  for (const step of s.close) {
    try {
      step();
    } catch (err) {
      s.log(`closing failed: ${(err as Error).message}`);
      code = 1;
    }
  }
  leave(code);
}
