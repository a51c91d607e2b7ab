import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/** False while server markup is being hydrated, true once the page runs: a server-rendered form stays disabled until then. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
