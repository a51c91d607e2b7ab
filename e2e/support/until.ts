import type { ChildProcess } from 'node:child_process';
import { expect } from '@playwright/test';

/**
 * The browser suite's one wait for a process the test started (a server coming up, a line printed):
 * Playwright's expect.poll until `ready()` holds, failing at once when the process exits first, and
 * saying what it printed either way.
 */
export async function untilReady(
  child: ChildProcess,
  ready: () => boolean | Promise<boolean>,
  { what, timeout, output }: { what: string; timeout: number; output: () => string },
): Promise<void> {
  let waiting = true;
  const exitedFirst = new Promise<never>((_resolve, reject) => {
    const fail = () => {
      if (waiting) reject(new Error(`${what}: the process exited (${child.exitCode ?? child.signalCode}) first; it printed:\n${output()}`));
    };
    if (child.exitCode !== null || child.signalCode !== null) fail();
    else child.once('exit', fail);
  });
  try {
    await Promise.race([expect.poll(ready, { message: what, timeout }).toBe(true), exitedFirst]);
  } catch (error) {
    if (child.exitCode !== null || child.signalCode !== null) throw error;
    throw new Error(`${what}: not within ${timeout} ms; it printed:\n${output()}`, { cause: error });
  } finally {
    waiting = false;
  }
}
