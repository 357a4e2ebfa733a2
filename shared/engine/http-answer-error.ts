// The local error a request gets when its HTTP answer carried no JSON-RPC at all (a 401 challenge, an HTML error page):
// made here, named like the SDK v2's SdkErrorCode for the same condition, and never mistaken for the server's error.
import type { HttpAnswerEvent } from '../http-answer.js';
import { LocalEngineError, type EngineErrorCode } from './engine-errors.js';

function codeFor(status: number): EngineErrorCode {
  if (status === 401) return 'CLIENT_HTTP_AUTHENTICATION';
  if (status === 403) return 'CLIENT_HTTP_FORBIDDEN';
  if (status === 404 || status === 405 || status === 501) return 'CLIENT_HTTP_NOT_IMPLEMENTED';
  return 'CLIENT_HTTP_UNEXPECTED_CONTENT';
}

export function httpAnswerError(ev: HttpAnswerEvent, method: string, key: string): LocalEngineError {
  return new LocalEngineError(codeFor(ev.status), `${method} (id ${key}): ${ev.message}`, undefined, {
    status: ev.status,
    exchange: ev.exchange,
    ...(ev.challenge !== undefined ? { challenge: ev.challenge } : {}),
  });
}
