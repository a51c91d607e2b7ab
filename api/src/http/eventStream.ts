import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';

/** How often an idle stream carries a comment, so proxies keep it open. */
const HEARTBEAT_MS = 15_000;

/**
 * The API's one writer of server-sent events (docs/api.md, "Event streams"): the change stream and
 * the message stream open, name and keep alive their responses through it.
 */
export function openEventStream(response: ServerResponse, headers: OutgoingHttpHeaders = {}): void {
  response.writeHead(200, {
    ...headers,
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Accel-Buffering': 'no',
  });
}

/** One event as the stream carries it; `data` is sent as JSON. */
export function eventText(name: string, data: unknown, id?: number): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** A comment to every listener now and then, until stopped; it keeps no process alive. */
export function keepAlive(listeners: () => Iterable<ServerResponse>): () => void {
  const timer = setInterval(() => {
    for (const response of listeners()) response.write(': keep-alive\n\n');
  }, HEARTBEAT_MS);
  timer.unref();
  return () => clearInterval(timer);
}
