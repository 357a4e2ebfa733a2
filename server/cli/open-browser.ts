// Opens a URL in the user's default browser; failure is fine, the URL is printed anyway.
import { spawn } from 'node:child_process';
import { platform } from 'node:os';

export function openBrowser(url: string): void {
  const [cmd, args] = platform() === 'darwin' ? ['open', [url]] : platform() === 'win32' ? ['cmd', ['/c', 'start', '""', url]] : ['xdg-open', [url]];
  try {
    const child = spawn(cmd, args, { stdio: 'ignore', detached: true });
    child.on('error', () => {});
    child.unref();
  } catch {
    // No opener on this machine: the printed URL is the fallback.
  }
}
