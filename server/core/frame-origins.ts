// Remembers who made each recent outgoing frame, so the HTTP exchange that carried it is labelled the same; the
// relay's own exchanges (a standalone GET, a resume, the closing DELETE) are its bookkeeping, a lab probe the lab's.
import type { FrameOrigin } from '../../shared/frame-origin.js';
import type { HttpExchangeRecord } from '../../shared/http-exchange.js';

/** An exchange's records arrive soon after its frame; older ones than this are no longer looked up. */
const REMEMBERED = 256;

function remember<K>(map: Map<K, FrameOrigin>, key: K, origin: FrameOrigin): void {
  map.set(key, origin);
  if (map.size > REMEMBERED) map.delete(map.keys().next().value!);
}

export class FrameOrigins {
  private readonly bySeq = new Map<number, FrameOrigin>();
  /** Streams go on after their first record: their progress and final records keep its label. */
  private readonly byExchange = new Map<string, FrameOrigin>();

  note(seq: number, origin: FrameOrigin): void {
    remember(this.bySeq, seq, origin);
  }

  /** Who made an HTTP exchange: the lab for a fault probe, whoever sent the frame it carries, else the relay itself. */
  ofExchange(exchange: HttpExchangeRecord): FrameOrigin {
    const known = this.byExchange.get(exchange.id);
    if (known !== undefined || exchange.state === 'progress') return known ?? 'bookkeeping';
    const carried = exchange.sentSeq === undefined ? undefined : this.bySeq.get(exchange.sentSeq);
    const origin = carried ?? (exchange.purpose === 'fault' ? 'lab' : 'bookkeeping');
    remember(this.byExchange, exchange.id, origin);
    return origin;
  }
}
