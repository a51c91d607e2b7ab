import { createParser } from 'eventsource-parser';

/** What listens: told when everything cached may be wrong, and whether changes reach it at all. */
export interface ChangeHolder {
  invalidate(): void;
  setCaching(on: boolean): void;
}

const RETRY_MS = { first: 250, max: 5_000 };

/** The API's words for a refusal (`{ message }`), for the log line. */
async function refusalOf(response: Response): Promise<string> {
  try {
    const { message } = (await response.json()) as { message?: unknown };
    return typeof message === 'string' ? `: ${message}` : '';
  } catch {
    return '';
  }
}

/**
 * Follows the API's GET /changes (server-sent events) and passes each event to holder; while
 * the stream is down or says changes may be missed, caching is off (docs/operations.md).
 * With the render servers' token it listens in their own places, which no anonymous listener
 * can take (docs/api.md, "Routes"). Returns a function that stops listening.
 */
export function listenForChanges(url: string, holder: ChangeHolder, log: (message: string) => void, token?: string): () => void {
  let stopped = false;
  let controller: AbortController | null = null;
  let retryMs = RETRY_MS.first;
  let timer: NodeJS.Timeout | null = null;

  const handle = (event: string) => {
    if (event === 'change') holder.invalidate();
    else if (event === 'reliable') {
      // Whatever was written while the stream was down is unknown: start empty.
      holder.invalidate();
      holder.setCaching(true);
      retryMs = RETRY_MS.first;
    } else if (event === 'unreliable') holder.setCaching(false);
  };

  const connect = async () => {
    controller = new AbortController();
    try {
      const headers: Record<string, string> = { Accept: 'text/event-stream', ...(token ? { Authorization: `Bearer ${token}` } : {}) };
      const response = await fetch(url, { signal: controller.signal, headers });
      if (!response.ok || !response.body) throw new Error(`GET ${url} responded ${response.status}${await refusalOf(response)}`);
      const parser = createParser({ onEvent: ({ event }) => event && handle(event) });
      const decoder = new TextDecoder();
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) parser.feed(decoder.decode(chunk, { stream: true }));
      throw new Error('the stream ended');
    } catch (error) {
      holder.setCaching(false);
      if (stopped) return;
      log(`page cache off: cannot follow ${url} (${error instanceof Error ? error.message : String(error)}); retrying in ${retryMs} ms`);
      timer = setTimeout(() => void connect(), retryMs);
      timer.unref();
      retryMs = Math.min(retryMs * 2, RETRY_MS.max);
    }
  };
  void connect();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    controller?.abort();
  };
}
