import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { remoteOf, type ModuleId, type ModuleProps, type RemoteName, type ScreenModuleId, type SessionViewer } from '@usedcars/shared-contract';
import { RemoteUnavailable } from '../core/errors';
import { connection } from './connection';

/** By name too: another bundle's copy of the class makes the same error. */
export function isRemoteUnavailable(error: unknown): boolean {
  return error instanceof Error && (error instanceof RemoteUnavailable || error.name === 'RemoteUnavailable' || error.name === 'ChunkLoadError');
}

export interface ScreenModule<Id extends ModuleId> {
  default: ComponentType<ModuleProps<Id>>;
  /** Fetched while a navigation here is prepared (a role's screen). */
  preload?: () => Promise<unknown>;
}

/** docs/architecture.md, "Navigation between screens". */
export type ScreenLoader<Id extends ModuleId> = (context: ScreenLoaderContext<Id>) => Promise<ScreenLoaderResult | void>;

/** null: the screen reads when shown. */
export type ScreenLoaders<R extends RemoteName> = { [Id in Extract<ScreenModuleId, `${R}/${string}`>]: ScreenLoader<Id> | null };

/** The response's status: 404 for `notFound`, 410 for `gone`. */
export interface ScreenLoaderResult {
  notFound?: boolean;
  gone?: boolean;
}

export interface ScreenLoaderContext<Id extends ModuleId> {
  /** What is in it when rendering starts is rendered, and handed to the page. */
  queryClient: QueryClient;
  params: Readonly<Record<string, string | undefined>>;
  props: ModuleProps<Id>;
  search: URLSearchParams;
  viewer: SessionViewer | null;
  signal: AbortSignal;
}

export function loadedScreenModule<Id extends ModuleId>(id: Id): ScreenModule<Id> | undefined {
  return connection().registry.loaded(id) as ScreenModule<Id> | undefined;
}

export async function loadScreenModule<Id extends ModuleId>(id: Id): Promise<ScreenModule<Id>> {
  try {
    const screen = (await connection().registry.load(id)) as ScreenModule<Id> | undefined;
    if (!screen) throw new Error(`${id} returned nothing`);
    return screen;
  } catch (error) {
    throw error instanceof RemoteUnavailable ? error : new RemoteUnavailable(remoteOf(id), `${id} could not be loaded`, { cause: error });
  }
}
