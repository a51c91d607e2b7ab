/**
 * Each package records the shared singletons it was handed (React, the router module, the auth
 * store, the QueryClient) under its own name. The browser suite compares them: one page must
 * hold exactly one of each. The references are what the page already has; nothing is exposed
 * that a script on the page could not reach anyway.
 */
export type SingletonProbe = Record<string, unknown>;

declare global {
  interface Window {
    __USEDCARS_SINGLETONS__?: Record<string, SingletonProbe>;
  }
}

export function recordSingletons(packageName: string, singletons: SingletonProbe): void {
  if (typeof window === 'undefined') return;
  const registry = (window.__USEDCARS_SINGLETONS__ ??= {});
  registry[packageName] = { ...registry[packageName], ...singletons };
}

/**
 * Wraps a remote's exposed screen so that, when it renders, the remote records what it was
 * handed. The modules come from the remote's own imports, which is the point of the check.
 * `useQueryClient` is left out for a screen of fixed content: the shell gives those no
 * QueryClient (it loads with the first screen that reads the API), and asking for one would
 * load react-query for nothing.
 */
export function singletonProbe(
  packageName: string,
  modules: { React: typeof import('react'); Router: unknown; authStore: unknown; useQueryClient?: () => unknown },
) {
  return function withProbe<P extends object>(Screen: import('react').ComponentType<P>) {
    function Probed(props: P) {
      // Fixed per wrapper, so the hook is called on every render or on none.
      const queryClient = modules.useQueryClient?.();
      recordSingletons(packageName, {
        React: modules.React,
        Router: modules.Router,
        authStore: modules.authStore,
        ...(modules.useQueryClient ? { queryClient } : {}),
      });
      return modules.React.createElement(Screen, props);
    }
    Probed.displayName = `Probed(${Screen.displayName ?? Screen.name})`;
    return Probed;
  };
}
