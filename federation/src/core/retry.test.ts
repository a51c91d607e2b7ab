import { retryable } from './retry';

test('a pending or fulfilled load is shared; a rejected one is forgotten, so the next call tries again', async () => {
  let calls = 0;
  const outcomes = [() => Promise.reject(new Error('down')), () => Promise.resolve('up')];
  const load = retryable(() => outcomes[calls++]!());
  const [first, second] = [load.get(), load.get()];
  await expect(first).rejects.toThrow('down');
  await expect(second).rejects.toThrow('down');
  expect(calls).toBe(1);
  await expect(load.get()).resolves.toBe('up');
  await expect(load.get()).resolves.toBe('up');
  expect(calls).toBe(2);
});

test('forget() drops even a fulfilled load: a remote republished meanwhile is read afresh', async () => {
  let version = 1;
  const load = retryable(() => Promise.resolve(version));
  await expect(load.get()).resolves.toBe(1);
  version = 2;
  await expect(load.get()).resolves.toBe(1);
  load.forget();
  await expect(load.get()).resolves.toBe(2);
});
