import { createHmac, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { WebhookSettings } from './settings';

/** The header a delivery's signature travels in: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
const SIGNATURE_HEADER = 'X-Usedcars-Signature';

/** Signs a body as sent at `unixSeconds`: what a receiver computes again to check it (docs/releases.md, "Being told"). */
function signDelivery(secret: string, unixSeconds: number, body: string): string {
  return `t=${unixSeconds},v1=${createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex')}`;
}

export interface WebhookOptions {
  timeoutMs?: number;
  clock?: () => Date;
  log?: (message: string, error?: unknown) => void;
}

/**
 * Posts each automatic change to RELEASE_WEBHOOK_URL, signed, in the background: the canary watch
 * never waits for it. A try that fails (no response in time, a redirect, anything but 2xx) is tried
 * again after each of the delays, signed anew; the same X-Usedcars-Delivery id on every try lets
 * the receiver drop a repeat.
 */
export class ReleaseWebhook {
  private readonly pending = new Set<AbortController>();
  private readonly delays: number[];
  private readonly timeoutMs: number;
  private readonly clock: () => Date;
  private readonly log: (message: string, error?: unknown) => void;

  constructor(
    private readonly settings: WebhookSettings,
    options: WebhookOptions = {},
  ) {
    this.delays = settings.retryDelaysMs;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.clock = options.clock ?? (() => new Date());
    this.log = options.log ?? (() => undefined);
  }

  /** Starts the delivery and returns at once; returns whether it arrived, for whoever wants to wait. */
  send(payload: object): Promise<boolean> {
    const controller = new AbortController();
    this.pending.add(controller);
    return this.deliver(JSON.stringify(payload), randomUUID(), controller.signal).finally(() => this.pending.delete(controller));
  }

  /** Stops every delivery still trying (the API is shutting down). */
  close(): void {
    for (const controller of this.pending) controller.abort();
  }

  private async deliver(body: string, id: string, stop: AbortSignal): Promise<boolean> {
    for (let attempt = 0; attempt <= this.delays.length; attempt += 1) {
      if (attempt > 0) await sleep(this.delays[attempt - 1]!, undefined, { signal: stop }).catch(() => undefined);
      if (stop.aborted) return false;
      const signature = signDelivery(this.settings.secret, Math.floor(this.clock().getTime() / 1000), body);
      try {
        const response = await fetch(this.settings.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature, 'X-Usedcars-Delivery': id },
          body,
          redirect: 'manual',
          signal: AbortSignal.any([stop, AbortSignal.timeout(this.timeoutMs)]),
        });
        await response.body?.cancel();
        if (response.ok) return true;
        this.log(`release webhook responded with ${response.status} (try ${attempt + 1} of ${this.delays.length + 1})`);
      } catch (error) {
        if (stop.aborted) return false;
        this.log(`release webhook could not be reached (try ${attempt + 1} of ${this.delays.length + 1})`, error);
      }
    }
    return false;
  }
}
