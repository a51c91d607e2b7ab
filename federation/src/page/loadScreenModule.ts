import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { remoteOf, type ModuleId, type ModuleProps, type RemoteName, type SessionViewer } from '@usedcars/shared-contract';
import { connection } from './connection';

/** A remote's part of the page that could not be fetched (its manifest, its entry, an exposed module). */
export class RemoteUnavailableError extends Error {
  constructor(
    readonly remote: string,
    cause?: unknown,
  ) {
    super(`The ${remote} part of the site could not be loaded`, { cause });
    this.name = 'RemoteUnavailableError';
  }
}

/**
 * A failure to fetch part of the site, or one of its later chunks (webpack's ChunkLoadError).
 * Matched by name too: an error made by another bundle's copy of the class is still one.
 */
export function isRemoteUnavailable(error: unknown): boolean {
  return error instanceof Error && (error instanceof RemoteUnavailableError || error.name === 'RemoteUnavailableError' || error.name === 'ChunkLoadError');
}

/** What a remote's src/exposed/<Module>.tsx exports: the screen. */
export interface ScreenModule<Id extends ModuleId> {
  default: ComponentType<ModuleProps<Id>>;
  /** More of the screen's own code, for the viewer as the page knows them (a role's screen): fetched while a move here is prepared. */
  preload?: () => Promise<unknown>;
}

/**
 * What a screen reads from the API before it is shown: the render server runs it before rendering
 * (its data then arrives with the HTML), the page before a move (docs/architecture.md, "Navigation between screens").
 */
export type ScreenLoader<Id extends ModuleId> = (context: PrefetchContext<Id>) => Promise<PrefetchResult | void>;

type RouteModule = Exclude<ModuleId, 'checkout/BookingDialog'>;

/** A remote's src/exposed/loaders.ts: every screen of the remote, with its loader or null for one that reads when shown. */
export type ScreenLoaders<R extends RemoteName> = { [Id in Extract<RouteModule, `${R}/${string}`>]: ScreenLoader<Id> | null };

/**
 * What a screen learnt while reading: `notFound` when the address names nothing the API knows (the
 * response is a 404); `gone` when it names something that is no longer offered (a 410).
 */
export interface PrefetchResult {
  notFound?: boolean;
  gone?: boolean;
}

export interface PrefetchContext<Id extends ModuleId> {
  /** The request's own cache; what is in it when rendering starts is rendered, and handed to the page. */
  queryClient: QueryClient;
  /** The route's parameters (`:id`). */
  params: Readonly<Record<string, string | undefined>>;
  props: ModuleProps<Id>;
  /** The address's query string (`?sort=price`), as the screen reads it with useSearchParams. */
  search: URLSearchParams;
  /** Who the page is rendered for (the session cookie's account), or null for a signed-out visitor. */
  viewer: SessionViewer | null;
  signal: AbortSignal;
}

/** The module if this page (or server request) loaded it already: a move waits for it before showing the screen. */
export function loadedScreenModule<Id extends ModuleId>(id: Id): ScreenModule<Id> | undefined {
  return connection().registry.loaded(id) as ScreenModule<Id> | undefined;
}

/** A remote's exposed module, loaded once through the connection's registry. */
export async function loadScreenModule<Id extends ModuleId>(id: Id): Promise<ScreenModule<Id>> {
  try {
    const screen = (await connection().registry.load(id)) as ScreenModule<Id> | undefined;
    if (!screen) throw new Error(`${id} returned nothing`);
    return screen;
  } catch (error) {
    throw error instanceof RemoteUnavailableError ? error : new RemoteUnavailableError(remoteOf(id), error);
  }
}
