// The clock this reads and sleeps on, taken before any test fakes it: a test on jest's fake clock still waits in real time.
const realSetTimeout = globalThis.setTimeout;
const realNow = Date.now;

/**
 * Every jest suite's one way to wait for something (docs/how-to.md, "Tests"): reads until done(value) holds,
 * every `everyMs` (50) in real time for up to `timeoutMs` (20 s); the error says what it waited for and what it last read.
 */
export async function until<T>(
  read: () => T | Promise<T>,
  done: (value: T) => boolean,
  what: string,
  { timeoutMs = 20_000, everyMs = 50 }: { timeoutMs?: number; everyMs?: number } = {},
): Promise<T> {
  const deadline = realNow() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (realNow() > deadline) throw new Error(`gave up waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => realSetTimeout(resolve, everyMs));
  }
}
