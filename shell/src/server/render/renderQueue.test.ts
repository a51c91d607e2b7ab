/** @jest-environment node */
import { QueueFull, RenderQueue } from './renderQueue';

/** A task that finishes when told to. */
function held() {
  let finish = () => {};
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { task: () => done, finish };
}

test('runs at most `concurrency` tasks at once, then lets the waiting ones in as slots free', async () => {
  const queue = new RenderQueue(1, 5);
  const first = held();
  const order: string[] = [];
  let aStarted = () => {};
  const started = new Promise<void>((resolve) => (aStarted = resolve));
  const a = queue.run(async () => {
    order.push('a started');
    aStarted();
    await first.task();
  });
  const b = queue.run(async () => order.push('b started'));
  // Each render starts on an event-loop turn of its own: a timer of 0 ms may come before that turn or after it.
  await started;
  for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setImmediate(resolve));
  expect(order).toEqual(['a started']);
  first.finish();
  await Promise.all([a, b]);
  expect(order).toEqual(['a started', 'b started']);
});

test('past the waiting room, a request is refused at once', async () => {
  const queue = new RenderQueue(1, 1);
  const first = held();
  const running = queue.run(first.task);
  const waiting = queue.run(async () => 'second');
  await expect(queue.run(async () => 'third')).rejects.toBeInstanceOf(QueueFull);
  first.finish();
  await expect(waiting).resolves.toBe('second');
  await running;
});

test('a request that gives up while waiting leaves the queue and its task never runs', async () => {
  const queue = new RenderQueue(1, 1);
  const first = held();
  const running = queue.run(first.task);
  const controller = new AbortController();
  let ran = false;
  const waiting = queue.run(async () => {
    ran = true;
  }, controller.signal);
  controller.abort(new Error('out of time'));
  await expect(waiting).rejects.toThrow('out of time');
  // Its place is free again: another request may wait.
  const next = queue.run(async () => 'next');
  first.finish();
  await running;
  await expect(next).resolves.toBe('next');
  expect(ran).toBe(false);
});

test('a request that arrives while renders wait is served before the next render starts, not after them all', async () => {
  const queue = new RenderQueue(1, 5);
  const order: string[] = [];
  const renders = [1, 2, 3].map((n) => queue.run(async () => void order.push(`render ${n}`)));
  // What the network hands the server meanwhile: a cache hit, served in a turn of the event loop of its own.
  setImmediate(() => order.push('cache hit'));
  await Promise.all(renders);
  expect(order).toEqual(['render 1', 'cache hit', 'render 2', 'render 3']);
});
