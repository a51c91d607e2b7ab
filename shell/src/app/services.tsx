import { lazy, startTransition, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Spinner } from '@usedcars/shared-ui';

/**
 * Server data (react-query) and toasts, loaded with the first screen that needs them rather
 * than with the page. The home, about, blogs and 404 screens show fixed content: a first visit
 * there should not pay ~17 KB compressed for a cache and a toaster it never uses (the home page's
 * JavaScript budget, docs/architecture.md). The screen registry says which screens need them.
 */
let requested = false;
const listeners = new Set<() => void>();
// Named, so the render server can ask for it in the HTML's head when the first screen needs it.
export const loadServices = () => import(/* webpackChunkName: "page-services" */ './pageServices');

function request(): void {
  if (requested) return;
  requested = true;
  for (const listener of listeners) listener();
}

const QueryScope = lazy(() => loadServices().then((m) => ({ default: m.QueryScope })));
const LazyToaster = lazy(() => loadServices().then((m) => ({ default: m.AppToaster })));

/** Wraps a screen that reads the API or raises toasts: it renders inside the page's one QueryClient. */
export function WithServices({ children }: { children: ReactNode }) {
  useEffect(request, []);
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
  // The server renders no toaster; the page mounts it after hydrating, as a transition React may
  // slice and interrupt, not in the task that follows hydration (docs/performance.md, "A hydrated screen renders once").
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const show = () => startTransition(() => setWanted(true));
    listeners.add(show);
    if (requested) show();
    return () => {
      listeners.delete(show);
    };
  }, []);
  return wanted ? (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  ) : null;
}
