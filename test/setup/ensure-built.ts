// Global setup of the integration and e2e projects: rebuilds what they run from dist/ when a source is newer, so a
// test run after an edit under server/, shared/, demo/ or web/ tests the edit. A quick mtime walk when it is current.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

const ROOT = join(import.meta.dirname, '..', '..');

export default function setup(project: TestProject): void {
  // The browser tests load the built UI as well as the relay; `export --html` needs the share viewer in both.
  const parts = project.name === 'e2e' ? ['server', 'web', 'share'] : ['server', 'share'];
  execFileSync(process.execPath, [join(ROOT, 'scripts', 'ensure-built.js'), ...parts], { cwd: ROOT, stdio: 'inherit' });
}
