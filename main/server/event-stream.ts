import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Services } from '../services';

/**
 * `GET /api/events`: the event bus as server-sent events to every connected page, with a
 * comment line every 15 s so idle connections stay open. Subscribes to the bus at once.
 */
export function eventStream(bus: Services['bus']) {
  const clients = new Set<ServerResponse>();
  const unsubscribe = bus.subscribe((name, payload) => {
    const frame = `event: ${name}\ndata: ${JSON.stringify(payload)}\n\n`;
    for (const res of clients) res.write(frame);
  });
  return {
    connect(req: IncomingMessage, res: ServerResponse): void {
      res.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-store',
        connection: 'keep-alive',
      });
      res.write(': connected\n\n');
      clients.add(res);
      const heartbeat = setInterval(() => res.write(': ping\n\n'), 15_000);
      req.on('close', () => {
        clearInterval(heartbeat);
        clients.delete(res);
      });
    },
    /** Stops forwarding the bus and ends every stream (the server is closing). */
    close(): void {
      unsubscribe();
      for (const res of clients) res.end();
    },
  };
}
