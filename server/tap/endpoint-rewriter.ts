// Legacy HTTP+SSE: the stream's first event (`endpoint`) tells the client where to POST. An absolute URL on the
// upstream server would send the host around the tap, so it is rewritten to the tap's own address; everything else,
// and everything after the first event, passes unchanged. Lines are held only until the first event is complete.

export interface EndpointRewrite {
  from: string;
  /** The URL the host got instead; null when it was left as it was (relative, or another origin), with `why`. */
  to: string | null;
  why: string;
}

export class EndpointRewriter {
  private held = '';
  private done = false;
  private inEndpoint = false;

  /** `upstream`: the server's URL; `proxy`: the tap's origin (http://127.0.0.1:port). */
  constructor(
    private readonly upstream: URL,
    private readonly proxy: string,
    private readonly onRewrite: (r: EndpointRewrite) => void,
  ) {}

  /** The bytes to pass on for this chunk: the chunk itself once the first event went by. */
  push(chunk: Buffer): Buffer {
    if (this.done) return chunk;
    this.held += chunk.toString('latin1');
    let out = '';
    let nl: number;
    while (!this.done && (nl = this.held.indexOf('\n')) !== -1) {
      const line = this.held.slice(0, nl + 1);
      this.held = this.held.slice(nl + 1);
      out += this.line(line);
    }
    if (this.done) {
      out += this.held;
      this.held = '';
    }
    return Buffer.from(out, 'latin1');
  }

  /** The stream ended: whatever is held goes out as it came. */
  end(): Buffer {
    const rest = Buffer.from(this.held, 'latin1');
    this.held = '';
    this.done = true;
    return rest;
  }

  private line(raw: string): string {
    const text = raw.replace(/\r?\n$/, '').replace(/\r$/, '');
    if (text === '') {
      // The blank line ends an event; only the first one can be the endpoint.
      this.done = true;
      return raw;
    }
    if (/^event:\s?endpoint$/.test(text)) this.inEndpoint = true;
    const data = /^data:\s?(.*)$/.exec(text);
    if (!this.inEndpoint || !data) return raw;
    // Bytes were read as latin1 so nothing is lost; the URL itself is ASCII in practice.
    const from = Buffer.from(data[1]!, 'latin1').toString('utf8');
    let target: URL;
    try {
      target = new URL(from);
    } catch {
      this.onRewrite({ from, to: null, why: 'relative: it resolves against the tap, so it was left as it was' });
      return raw;
    }
    if (target.origin !== this.upstream.origin) {
      this.onRewrite({ from, to: null, why: `on another origin than ${this.upstream.origin}: left as it was, so those POSTs bypass the tap` });
      return raw;
    }
    const to = `${this.proxy}${target.pathname}${target.search}`;
    this.onRewrite({ from, to, why: 'absolute on the upstream server: rewritten to point at the tap' });
    return `data: ${to}${raw.slice(text.length)}`;
  }
}
