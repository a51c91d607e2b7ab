// Running a screen's loader from its remote's build: a subpath module, so the page's entry (loaded on every page) stays without it.
import { connection, RemoteUnavailable, type ScreenLoaderContext, type ScreenLoaderResult, type ScreenLoader } from '@usedcars/federation';
import { loadersOf, remoteOf, type ModuleId, type ModuleProps, type ScreenModuleId } from '@usedcars/shared-contract';

/** A screen's loader, from its remote's `loaders` module; a failed load is a RemoteUnavailable, for the caller to report. */
export async function loadScreenLoader<Id extends ScreenModuleId>(id: Id): Promise<ScreenLoader<Id> | null> {
  const remote = remoteOf(id);
  let table: Partial<Record<ModuleId, unknown>> | undefined;
  try {
    table = ((await connection().registry.load(loadersOf(remote))) as { loaders?: Partial<Record<ModuleId, unknown>> }).loaders;
  } catch (error) {
    throw new RemoteUnavailable(remote, 'its loaders could not be loaded', { cause: error });
  }
  return (table?.[id] as ScreenLoader<Id> | null | undefined) ?? null;
}

export async function runScreenLoader(
  screen: { module: ScreenModuleId; props: unknown },
  context: Omit<ScreenLoaderContext<ModuleId>, 'props'>,
): Promise<ScreenLoaderResult | void> {
  const load = (await loadScreenLoader(screen.module)) as ScreenLoader<ModuleId> | null;
  return load?.({ ...context, props: screen.props as ModuleProps<ModuleId> });
}
