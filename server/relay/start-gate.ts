// The relay's listener from before its app exists: it listens at once, so the ready line waits for neither Express, the
// WebSocket hub nor the schemas (most of a start: docs/performance.md, "Start, round 4"). A request or a WebSocket
// upgrade that arrives meanwhile is held, then handed to the app in arrival order, as if it had come just after; none
// is answered by anything but the app, or by a front (`front`) that answers the one hot read the page makes first
// only once the guard's own checks pass for it (relay/first-answer.ts), so the guard (token, Host, Origin) judges
// every one. What the front does not answer waits for the app, which answers it (or refuses it) as it always has.
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

/** Answers a request and says so (true), or leaves it alone (false): then it waits for the app. */
export type FrontAnswer = (req: IncomingMessage, res: ServerResponse) => boolean;

export class StartGate {
  readonly server: Server;
  private app: RequestListener | null = null;
  private answer: FrontAnswer | null = null;
  private held: Array<[IncomingMessage, ServerResponse]> = [];
  private opened!: () => void;
  private readonly whenOpen = new Promise<void>((ok) => (this.opened = ok));

  constructor() {
    this.server = createServer((req, res) => {
      if (this.app) this.app(req, res);
      else if (!this.answered(req, res)) this.held.push([req, res]);
    });
    this.server.on('upgrade', this.heldUpgrade);
  }

  /** A server with no 'upgrade' listener destroys the socket: hold it until the hub listens, then raise it again. */
  private readonly heldUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    void this.whenOpen.then(() => this.server.emit('upgrade', req, socket, head));
  };

  /**
   * Part of the relay is built: `answer` may serve what it can of what waits and of what comes, until the app opens.
   * What it leaves keeps its place among the held; a request it answered was a read, so nothing waits on its effect.
   */
  front(answer: FrontAnswer): void {
    if (this.app) return;
    this.answer = answer;
    this.held = this.held.filter(([req, res]) => !this.answered(req, res));
  }

  /**
   * Whether the front answered the request. A front that throws (a file it could not stat, say) must not take the
   * relay down from inside the listener: the request waits for the app instead, unless the front had begun to answer.
   */
  private answered(req: IncomingMessage, res: ServerResponse): boolean {
    try {
      return this.answer?.(req, res) ?? false;
    } catch (err) {
      console.error('mcpscope: the start front failed, the app will answer:', err);
      return res.headersSent;
    }
  }

  /** The app is built: what waited goes to it (and its upgrade handler, which `attach` adds), then every request after. */
  open(app: RequestListener, attach: (server: Server) => void): void {
    this.server.off('upgrade', this.heldUpgrade);
    attach(this.server);
    this.app = app;
    this.answer = null;
    const held = this.held;
    this.held = [];
    for (const [req, res] of held) app(req, res);
    this.opened();
  }
}
