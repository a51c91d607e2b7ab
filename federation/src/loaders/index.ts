// Running a screen's loader from its remote's build: a subpath module, so the page's entry (loaded on every page) stays without it.
import { connection, loadScreenModule, RemoteUnavailable, type PrefetchContext, type PrefetchResult, type ScreenLoader } from '@usedcars/federation';
import { loadersOf, remoteOf, type ModuleId, type ModuleProps } from '@usedcars/shared-contract';

type RouteModule = Exclude<ModuleId, 'checkout/BookingDialog'>;

export async function loadScreenLoader<Id extends RouteModule>(id: Id): Promise<ScreenLoader<Id> | null> {
  const remote = remoteOf(id);
  let table: Partial<Record<ModuleId, unknown>> | undefined;
  try {
    table = ((await connection().registry.load(loadersOf(remote))) as { loaders?: Partial<Record<ModuleId, unknown>> }).loaders;
  } catch (error) {
    // A build made before its remote exposed loaders carries each one as its screen's `prefetch` (docs/sharing-and-releases.md).
    const legacy = (await loadScreenModule(id).catch(() => undefined)) as { prefetch?: ScreenLoader<Id> } | undefined;
    if (legacy) return legacy.prefetch ?? null;
    throw new RemoteUnavailable(remote, 'its loaders could not be loaded', { cause: error });
  }
  return (table?.[id] as ScreenLoader<Id> | null | undefined) ?? null;
}

export async function runScreenLoader(
  screen: { module: RouteModule; props: unknown },
  context: Omit<PrefetchContext<ModuleId>, 'props'>,
): Promise<PrefetchResult | void> {
  const load = (await loadScreenLoader(screen.module)) as ScreenLoader<ModuleId> | null;
  return load?.({ ...context, props: screen.props as ModuleProps<ModuleId> });
}
