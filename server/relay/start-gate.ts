// The relay's listener from before its app exists: it listens at once, so the ready line waits for neither Express, the
// WebSocket hub nor the schemas (most of a start: docs/performance.md, "Start, round 4"). A request or a WebSocket
// upgrade that arrives meanwhile is held, then handed to the app in arrival order, as if it had come just after; none
// is answered by anything but the app, so the guard (token, Host, Origin) judges every one.
import { createServer, type IncomingMessage, type RequestListener, type Server } from 'node:http';
import type { Duplex } from 'node:stream';

export class StartGate {
  readonly server: Server;
  private app: RequestListener | null = null;
  private opened!: () => void;
  private readonly whenOpen = new Promise<void>((ok) => (this.opened = ok));

  constructor() {
    this.server = createServer((req, res) => {
      if (this.app) this.app(req, res);
      else void this.whenOpen.then(() => this.app!(req, res));
    });
    this.server.on('upgrade', this.heldUpgrade);
  }

  /** A server with no 'upgrade' listener destroys the socket: hold it until the hub listens, then raise it again. */
  private readonly heldUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    void this.whenOpen.then(() => this.server.emit('upgrade', req, socket, head));
  };

  /** The app is built: what waited goes to it (and its upgrade handler, which `attach` adds), then every request after. */
  open(app: RequestListener, attach: (server: Server) => void): void {
    this.server.off('upgrade', this.heldUpgrade);
    attach(this.server);
    this.app = app;
    this.opened();
  }
}
