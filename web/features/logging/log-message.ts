// One notifications/message frame read into what the logging view shows: level, logger, data.
import { isPlainObject } from '../../../shared/jsonrpc.js';
import type { FrameEntry } from '../../lib/log/frame-entry.js';
import { isLogLevel, type LogLevel } from './log-levels.js';

export interface LogMessage {
  seq: number;
  ts: number;
  /** null when the server sent a level that is not one of the eight. */
  level: LogLevel | null;
  rawLevel: unknown;
  logger: string | null;
  /** data as text: strings as they are, anything else as JSON. */
  text: string;
}

export function toLogMessage(entry: FrameEntry): LogMessage {
  const params = isPlainObject(entry.value) && isPlainObject(entry.value.params) ? entry.value.params : {};
  const data = params.data;
  return {
    seq: entry.frame.seq,
    ts: entry.frame.ts,
    level: isLogLevel(params.level) ? params.level : null,
    rawLevel: params.level,
    logger: typeof params.logger === 'string' ? params.logger : null,
    text: typeof data === 'string' ? data : (JSON.stringify(data, null, 2) ?? '(no data)'),
  };
}
