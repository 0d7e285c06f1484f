import type { ServerResponse } from 'node:http';
import type { Result } from '../../shared/api/result';

/** Answers a request with a Result as JSON, never cached. */
export function sendJson(res: ServerResponse, status: number, body: Result<unknown>): void {
  // Serialised before the head is written, so a failure here is still answered with a 500.
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
  });
  res.end(text);
}
