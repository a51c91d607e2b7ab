/** A server-sent event stream (the API's GET /changes) as tests read it. */
export interface EventStream {
  /** Each event's name, in the order they arrived. */
  events: string[];
  /** Resolves once this many events have arrived. */
  received: (count: number) => Promise<void>;
  /** Resolves once an event of this name has arrived. */
  heard: (name: string) => Promise<void>;
  close: () => void;
}

/** Opens the stream and reads it in the background until `close()`. */
export async function openStream(url: string): Promise<EventStream> {
  const controller = new AbortController();
  const response = await fetch(url, { signal: controller.signal });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
  const events: string[] = [];
  const waiters: Array<{ done: () => boolean; resolve: () => void }> = [];
  const wake = () => {
    for (const waiter of waiters.filter((w) => w.done())) waiter.resolve();
  };
  const until = (done: () => boolean) =>
    new Promise<void>((resolve) => {
      waiters.push({ done, resolve });
      wake();
    });
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const name = /^event: (.+)$/m.exec(buffer.slice(0, end))?.[1];
          buffer = buffer.slice(end + 2);
          if (!name) continue;
          events.push(name);
          wake();
        }
      }
    } catch {
      // aborted by close()
    }
  })();
  return {
    events,
    received: (count) => until(() => events.length >= count),
    heard: (name) => until(() => events.includes(name)),
    close: () => controller.abort(),
  };
}
