import { createContext, lazy, startTransition, Suspense, useContext, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import type { DehydratedState, QueryClient } from '@tanstack/react-query';
import { Spinner } from '@usedcars/shared-ui';
import type { createServices } from './pageServices';

/**
 * Server data (react-query) and toasts, loaded with the first screen that needs them rather
 * than with the page. The home, about, blogs and 404 screens show fixed content: a first visit
 * there should not pay ~17 KB compressed for a cache and a toaster it never uses (the home page's
 * JavaScript budget, docs/architecture.md). The screen registry says which screens need them.
 */
// Named, so the render server can ask for it in the HTML's head when the first screen needs it.
const loadServicesCode = () => import(/* webpackChunkName: "page-services" */ './pageServices');

type LoadedServices = ReturnType<typeof createServices>;

export interface PageServices {
  /** The services' code, loaded once (again after a failed load); the first load creates their QueryClient. */
  load(): Promise<LoadedServices>;
  QueryScope: ComponentType<{ children: ReactNode }>;
  Toaster: ComponentType;
  /** A screen that needs the services is on show: the toaster may mount. */
  request(): void;
  onRequest(listener: () => void): () => void;
}

/**
 * The page's services, created once by the page's start (with the responses the server rendered it
 * with, so the first screen shows them at once) or once per request by the render server (with the
 * request's own QueryClient: one visitor's responses never reach another's page).
 */
export function createPageServices(from: { rendered?: DehydratedState; client?: QueryClient } = {}): PageServices {
  let loaded: Promise<LoadedServices> | undefined;
  const load = () =>
    (loaded ??= loadServicesCode().then(
      (code) => code.createServices(from),
      (error: unknown) => {
        loaded = undefined;
        throw error;
      },
    ));
  let requested = false;
  const listeners = new Set<() => void>();
  return {
    load,
    QueryScope: lazy(() => load().then((services) => ({ default: services.QueryScope }))),
    Toaster: lazy(() => load().then((services) => ({ default: services.Toaster }))),
    request() {
      if (requested) return;
      requested = true;
      for (const listener of listeners) listener();
    },
    onRequest(listener) {
      listeners.add(listener);
      if (requested) listener();
      return () => void listeners.delete(listener);
    },
  };
}

/** Given by App in the browser and by the render server for each request. */
export const PageServicesContext = createContext<PageServices | null>(null);

function usePageServices(): PageServices {
  const services = useContext(PageServicesContext);
  if (!services) throw new Error('No PageServicesContext above this screen: App and the render server provide one');
  return services;
}

/** Wraps a screen that reads the API or raises toasts: it renders inside the page's one QueryClient. */
export function WithServices({ children }: { children: ReactNode }) {
  const { QueryScope, request } = usePageServices();
  useEffect(request, [request]);
  return (
    <Suspense fallback={<Spinner />}>
      <QueryScope>{children}</QueryScope>
    </Suspense>
  );
}

/**
 * The page's toaster, mounted once the first such screen has been shown and kept from then on:
 * a toast raised just before navigating (Account Created, then home) still shows on the next
 * screen, whichever it is.
 */
export function DeferredToaster() {
  const { Toaster, onRequest } = usePageServices();
  // The server renders no toaster; the page mounts it after hydrating, as a transition React may
  // slice and interrupt, not in the task that follows hydration (docs/performance.md, "A hydrated screen renders once").
  const [wanted, setWanted] = useState(false);
  useEffect(() => onRequest(() => startTransition(() => setWanted(true))), [onRequest]);
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
