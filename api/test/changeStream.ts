import { createParser } from 'eventsource-parser';

/** One event as it arrived: its name, its data (parsed JSON where it is JSON) and its id, if it had one. */
interface StreamEvent {
  name: string;
  data: unknown;
  id?: string;
}

/** A server-sent event stream (the API's GET /changes, GET /conversations/stream) as tests read it. */
export interface EventStream {
  /** Each event's name, in the order they arrived. */
  events: string[];
  /** Each event whole, in the order they arrived. */
  all: StreamEvent[];
  /** Resolves once an event passing the test has arrived. */
  arrived: (test: (event: StreamEvent) => boolean) => Promise<StreamEvent>;
  /** Resolves once this many events have arrived. */
  received: (count: number) => Promise<void>;
  /** Resolves once an event of this name has arrived. */
  heard: (name: string) => Promise<void>;
  close: () => void;
}

const parsed = (data: string): unknown => {
  try {
    return JSON.parse(data);
  } catch {
    return data;
  }
};

/** Opens the stream (with these request headers) and reads it in the background until `close()`. */
export async function openStream(url: string, headers: Record<string, string> = {}): Promise<EventStream> {
  const controller = new AbortController();
  const response = await fetch(url, { signal: controller.signal, headers });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
  const events: string[] = [];
  const all: StreamEvent[] = [];
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
    const parser = createParser({
      onEvent: ({ event: name, data, id }) => {
        if (!name) return;
        events.push(name);
        all.push({ name, data: parsed(data), id });
        wake();
      },
    });
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) parser.feed(decoder.decode(chunk, { stream: true }));
    } catch {
      // aborted by close()
    }
  })();
  return {
    events,
    all,
    arrived: async (test) => {
      await until(() => all.some(test));
      return all.find(test)!;
    },
    received: (count) => until(() => events.length >= count),
    heard: (name) => until(() => events.includes(name)),
    close: () => controller.abort(),
  };
}
