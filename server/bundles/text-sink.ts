// Writes text to a stream in chunks and waits when it is full, so a big export costs a bounded amount of memory.
import type { Writable } from 'node:stream';

const CHUNK = 64 * 1024;

export class TextSink {
  private buf = '';
  private closed = false;

  constructor(private readonly out: Writable) {
    out.once('close', () => (this.closed = true));
  }

  /** Resolves once the text is buffered or written; rejects when the reader went away (a cancelled download). */
  async write(text: string): Promise<void> {
    this.buf += text;
    if (this.buf.length >= CHUNK) await this.drain();
  }

  /** Exact bytes (a frame that was not UTF-8), after whatever text is buffered. */
  async writeBytes(bytes: Buffer): Promise<void> {
    await this.drain();
    if (!this.out.write(bytes)) await this.drained();
  }

  async end(): Promise<void> {
    await this.drain();
    this.out.end();
  }

  private async drain(): Promise<void> {
    if (this.closed || this.out.destroyed) throw new Error('the download was cancelled');
    const chunk = this.buf;
    this.buf = '';
    if (chunk !== '' && !this.out.write(chunk)) {
      await this.drained();
      if (this.closed) throw new Error('the download was cancelled');
    }
  }

  /** Waits for 'drain' or 'close', removing both listeners after, so a long export does not pile them up. */
  private drained(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        this.out.off('drain', done);
        this.out.off('close', done);
        resolve();
      };
      this.out.on('drain', done);
      this.out.on('close', done);
    });
  }
}
