/**
 * The one place that touches the federation runtime's private globals (docs/architecture.md, "Two
 * builds of one remote"). Its public API has no way to run a build's entry without that build's
 * runtime adopting an instance of the same name, nor to forget an entry it loaded without removing
 * the remote from a host; so these two details are read here, for the version below only:
 * runtimeGlobals.test.ts fails on any other installed version and on a change of the shape.
 */
export const RUNTIME_VERSION = '2.9.2';

interface RuntimeInstance {
  name?: string;
  options?: { name?: string };
}

interface RuntimeGlobals {
  __FEDERATION__?: { __INSTANCES__?: RuntimeInstance[] };
  __GLOBAL_LOADING_REMOTE_ENTRY__?: Record<string, unknown>;
}

const runtimeGlobals = () => globalThis as RuntimeGlobals;

/** Each build's runtime looks itself up there by its name. */
const instances = (): RuntimeInstance[] => runtimeGlobals().__FEDERATION__?.__INSTANCES__ ?? [];

const nameOf = (instance: RuntimeInstance) => instance.options?.name ?? instance.name;

/** Runs `run` with the runtime instances named `name` hidden, so a build starting in it adopts none; instances it creates are dropped after. */
export function withInstancesHidden<T>(name: string, run: () => T): T {
  const all = instances();
  const hidden = all.filter((instance) => nameOf(instance) === name);
  for (const instance of hidden) all.splice(all.indexOf(instance), 1);
  const before = new Set(all);
  try {
    return run();
  } finally {
    for (let at = all.length - 1; at >= 0; at -= 1) if (!before.has(all[at]!)) all.splice(at, 1);
    all.push(...hidden);
  }
}

/** The runtime keeps every entry it loaded, by remote and address: forgotten, a build no release uses can be collected. */
export function forgetLoadedEntry(name: string, entryUrl: string): void {
  const loading = runtimeGlobals().__GLOBAL_LOADING_REMOTE_ENTRY__;
  if (loading) delete loading[`${name}:${entryUrl}`];
}
