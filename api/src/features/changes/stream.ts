import type { ServerResponse } from 'node:http';
import type { ChangeFollower } from '../../db/change-feed';
import { eventText, keepAlive, openEventStream } from '../../http/eventStream';

/**
 * Places per API instance (docs/api.md, "Routes"): the render servers' own, which no anonymous listener can take,
 * and a few for anonymous listeners (a CDN's purge relay, an operator's curl), at most a couple per network.
 */
export interface ChangeStreamPlaces {
  servers: number;
  anonymous: number;
  anonymousPerNetwork: number;
}

export const DEFAULT_PLACES: ChangeStreamPlaces = { servers: 200, anonymous: 40, anonymousPerNetwork: 2 };

/** Who is asking to listen: a render server (it showed the render servers' token), or anyone from a network. */
export type Listener = { server: true } | { server: false; network: string };

/** Why a listener was not let in: the status and words of the refusal. */
export interface Refusal {
  status: 429 | 503;
  message: string;
}

/**
 * The render servers listening on GET /changes (docs/operations.md, "The page cache"). Attached
 * to the change feed like the brand-list cache: every accepted write anywhere reaches them as a
 * `change` event, and while this instance could miss another instance's writes they hear `unreliable`.
 */
export class ChangeStream implements ChangeFollower {
  private readonly servers = new Set<ServerResponse>();
  private readonly anonymous = new Map<ServerResponse, string>();
  private readonly perNetwork = new Map<string, number>();
  private reliable = true;
  private readonly stopKeepAlive = keepAlive(() => this.listeners());

  constructor(readonly places: ChangeStreamPlaces = DEFAULT_PLACES) {}

  /** Null when there is a place for this listener, else why not. */
  refusal(listener: Listener): Refusal | null {
    if (listener.server) {
      return this.servers.size < this.places.servers ? null : { status: 503, message: 'Too many render servers listen for changes; try again shortly' };
    }
    if ((this.perNetwork.get(listener.network) ?? 0) >= this.places.anonymousPerNetwork)
      return { status: 429, message: `At most ${this.places.anonymousPerNetwork} change streams per network: close one first` };
    if (this.anonymous.size >= this.places.anonymous) return { status: 503, message: 'Too many listeners for changes; try again shortly' };
    return null;
  }

  /** Starts an event stream on response, in the listener's places (refusal() said there is one); it is told at once whether changes reach it. */
  add(response: ServerResponse, listener: Listener): void {
    openEventStream(response);
    if (listener.server) {
      this.servers.add(response);
      response.on('close', () => this.servers.delete(response));
    } else {
      const { network } = listener;
      this.anonymous.set(response, network);
      this.perNetwork.set(network, (this.perNetwork.get(network) ?? 0) + 1);
      response.on('close', () => this.leave(response, network));
    }
    response.write(this.event(this.reliable ? 'reliable' : 'unreliable'));
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
    this.stopKeepAlive();
    for (const response of this.listeners()) response.end();
    this.servers.clear();
    this.anonymous.clear();
    this.perNetwork.clear();
  }

  private leave(response: ServerResponse, network: string): void {
    if (!this.anonymous.delete(response)) return;
    const left = (this.perNetwork.get(network) ?? 1) - 1;
    if (left > 0) this.perNetwork.set(network, left);
    else this.perNetwork.delete(network);
  }

  private *listeners(): Iterable<ServerResponse> {
    yield* this.servers;
    yield* this.anonymous.keys();
  }

  private event(name: 'change' | 'reliable' | 'unreliable'): string {
    return eventText(name, Date.now());
  }

  private write(chunk: string): void {
    for (const response of this.listeners()) response.write(chunk);
  }
}
