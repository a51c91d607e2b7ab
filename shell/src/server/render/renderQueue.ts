import { setImmediate } from 'node:timers';

/** Refused at once: more renders are waiting than the queue holds. */
export class QueueFull extends Error {
  constructor(waiting: number) {
    super(`the render queue is full (${waiting} waiting)`);
    this.name = 'QueueFull';
  }
}

interface Waiter {
  start: () => void;
}

/**
 * At most `concurrency` renders at a time, at most `maxWaiting` more waiting: under a crowd a
 * request past that gets the browser-rendered page at once instead of waiting past the budget.
 */
export class RenderQueue {
  private running = 0;
  private readonly waiting: Waiter[] = [];

  constructor(
    private readonly concurrency: number,
    private readonly maxWaiting: number,
  ) {}

  /** Runs task in its turn; a request that gives up (signal) while waiting leaves the queue. */
  async run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (this.running < this.concurrency) this.running += 1;
    else {
      if (this.waiting.length >= this.maxWaiting) throw new QueueFull(this.waiting.length);
      await new Promise<void>((resolve, reject) => {
        const waiter: Waiter = { start: resolve };
        this.waiting.push(waiter);
        signal?.addEventListener('abort', () => {
          const at = this.waiting.indexOf(waiter);
          if (at >= 0) this.waiting.splice(at, 1);
          reject(signal.reason);
        });
      });
    }
    try {
      // Each render starts on a turn of the event loop of its own: requests read meanwhile (cache hits) are served first.
      await new Promise<void>((resolve) => setImmediate(resolve));
      return await task();
    } finally {
      // The slot passes straight to the next waiter, so no newcomer slips in between.
      const next = this.waiting.shift();
      if (next) next.start();
      else this.running -= 1;
    }
  }
}
