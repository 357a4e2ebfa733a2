// Holds a bundle's lint findings until the transcript is written (they come after it in the file). The first few
// thousand stay in memory; the rest go to a temporary file, so a session that breaks every rule on every frame still
// exports every finding without holding them all.
import { once } from 'node:events';
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Finding } from '../../shared/lint/index.js';
import { TextSink } from './text-sink.js';

const HOLD = 10_000;

export class FindingSpill {
  private readonly held: Finding[] = [];
  private file: { dir: string; path: string; sink: TextSink; stream: NodeJS.WritableStream } | null = null;
  count = 0;

  constructor(private readonly hold: number = HOLD) {}

  async add(findings: readonly Finding[]): Promise<void> {
    for (const f of findings) {
      this.count++;
      if (this.file === null && this.held.length < this.hold) this.held.push(f);
      else await this.spilled().sink.write(`${JSON.stringify(f)}\n`);
    }
  }

  private spilled() {
    if (this.file === null) {
      const dir = mkdtempSync(join(tmpdir(), 'mcpscope-findings-'));
      const path = join(dir, 'findings.jsonl');
      const stream = createWriteStream(path);
      this.file = { dir, path, stream, sink: new TextSink(stream) };
    }
    return this.file;
  }

  /** Every finding in the order added. Call once, after the last add. */
  async *all(): AsyncGenerator<Finding> {
    yield* this.held;
    if (this.file === null) return;
    const finished = once(this.file.stream, 'finish');
    await this.file.sink.end();
    await finished;
    for await (const line of createInterface({ input: createReadStream(this.file.path), crlfDelay: Infinity })) {
      if (line !== '') yield JSON.parse(line) as Finding;
    }
  }

  dispose(): void {
    if (this.file) rmSync(this.file.dir, { recursive: true, force: true });
  }
}
