import type { ServerResponse } from 'node:http';
import type { CacheHolder } from '../../db/change-feed';

/** How often an idle stream carries a comment, so proxies keep it open. */
const HEARTBEAT_MS = 15_000;

/**
 * The render servers listening on GET /changes (docs/operations.md, "The page cache"). Attached
 * to the change feed like the brand-list cache: every accepted write anywhere reaches them as a
 * `change` event, and while this copy could miss another copy's writes they hear `unreliable`.
 */
export class ChangeStream implements CacheHolder {
  private readonly listeners = new Set<ServerResponse>();
  private reliable = true;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(readonly maxListeners = 200) {
    this.heartbeat = setInterval(() => this.write(': keep-alive\n\n'), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  get full(): boolean {
    return this.listeners.size >= this.maxListeners;
  }

  /** Starts an event stream on response; it is told at once whether changes reach it. */
  add(response: ServerResponse): void {
    response.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Accel-Buffering': 'no',
    });
    this.listeners.add(response);
    response.write(this.event(this.reliable ? 'reliable' : 'unreliable'));
    response.on('close', () => this.listeners.delete(response));
  }

  invalidate(): void {
    this.write(this.event('change'));
  }

  setCaching(on: boolean): void {
    this.reliable = on;
    this.write(this.event(on ? 'reliable' : 'unreliable'));
  }

  /** Ends every stream: a closing API must not wait for listeners that never hang up. */
  close(): void {
    clearInterval(this.heartbeat);
    for (const response of this.listeners) response.end();
    this.listeners.clear();
  }

  private event(name: 'change' | 'reliable' | 'unreliable'): string {
    return `event: ${name}\ndata: ${Date.now()}\n\n`;
  }

  private write(chunk: string): void {
    for (const response of this.listeners) response.write(chunk);
  }
}
