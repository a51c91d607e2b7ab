import { Component, lazy, Suspense, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import styled from 'styled-components';
import { loadRemote } from '@module-federation/enhanced/runtime';
import type { ModuleId, ModuleProps } from '@usedcars/shared-contract';
import { ensureRemoteRegistered, forgetRemoteRegistration, isServerMarkupKept } from '@usedcars/shared-page';
import { Button } from './Button';
import { Spinner } from './Spinner';
import { theme } from './theme';

/**
 * Loading a remote's screen, and surviving its absence, for the shell and for a remote that shows
 * another remote's piece (the catalog showing checkout's booking dialog). shared-ui is shared by
 * version, so a page may hold two copies of this file; what must be one per page (the registry,
 * the kept server markup) lives in @usedcars/shared-page, a singleton.
 */

class RemoteUnavailableError extends Error {
  constructor(
    readonly remote: string,
    cause?: unknown,
  ) {
    super(`The ${remote} part of the site could not be loaded`, { cause });
    this.name = 'RemoteUnavailableError';
  }
}

const AREA_NAMES: Record<string, string> = {
  catalog: 'The car catalog',
  dashboard: 'The dashboard',
  checkout: 'Checkout',
};

function remoteNameOf(id: string): string {
  return id.split('/')[0] ?? id;
}

async function loadRemoteModule<T>(id: string): Promise<T> {
  try {
    await ensureRemoteRegistered(remoteNameOf(id));
    const mod = await loadRemote<T>(id);
    if (!mod) throw new Error(`${id} answered nothing`);
    return mod;
  } catch (error) {
    throw error instanceof RemoteUnavailableError ? error : new RemoteUnavailableError(remoteNameOf(id), error);
  }
}

/**
 * A failure to fetch part of the site: the remote (its manifest, its entry, an exposed module,
 * all of which loadRemoteModule reports as RemoteUnavailableError) or one of its later chunks
 * (webpack's ChunkLoadError). Matched by name too: an error made by another bundle's copy of
 * the class is still one.
 */
function isRemoteUnavailable(error: unknown): boolean {
  return error instanceof Error && (error instanceof RemoteUnavailableError || error.name === 'RemoteUnavailableError' || error.name === 'ChunkLoadError');
}

/**
 * Forgets a failed remote so the next load fetches its manifest afresh. (The shell's registry
 * then registers it again with `force`, which also drops whatever the runtime kept of the
 * failed attempt.)
 */
function resetRemote(name: string): void {
  forgetRemoteRegistration(name);
}

interface BoundaryProps {
  area: string;
  onRetry: () => void;
  children: ReactNode;
}

/**
 * Catches only a part of the site that could not be fetched. A screen that loaded and then
 * threw is a route error: it goes on to the route's error screen ('Something went
 * wrong!!!', with Log out; docs/product.md, "When something fails"), which a friendly "not available" would hide.
 */
class RemoteErrorBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    if (isRemoteUnavailable(error)) console.error(`[${this.props.area}]`, error);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (!isRemoteUnavailable(error)) throw error;
    return (
      <RemoteFallback
        area={this.props.area}
        onRetry={() => {
          this.setState({ error: null });
          this.props.onRetry();
        }}
      />
    );
  }
}

const Panel = styled.section`
  margin: 32px auto;
  max-width: 560px;
  padding: 28px;
  text-align: center;
  background: ${theme.color.surface};
  border: 1px solid ${theme.color.line};
  border-radius: ${theme.radius};
  box-shadow: ${theme.shadow};
  h2 {
    margin-top: 0;
  }
  p {
    color: ${theme.color.muted};
  }
`;

function RemoteFallback({ area, onRetry }: { area: string; onRetry: () => void }) {
  const title = AREA_NAMES[area] ?? 'This part of the site';
  return (
    <Panel role="alert" aria-live="assertive" data-remote-fallback={area}>
      <h2>{title} is not available right now</h2>
      <p>We could not reach it. The rest of the site still works; try again in a moment.</p>
      <Button type="button" onClick={onRetry}>
        Try again
      </Button>
    </Panel>
  );
}

/**
 * What a remote's src/exposed/<Module>.tsx exports: the screen, and for a screen drawn on the
 * server, what it reads from the API before it is drawn (its data then arrives with the HTML).
 */
export interface ScreenModule<Id extends ModuleId> {
  default: ComponentType<ModuleProps<Id>>;
  prefetch?: (context: PrefetchContext<Id>) => Promise<PrefetchResult | void>;
}

/** What a screen learnt while reading: `notFound` when the address names nothing the API knows (the response is a 404). */
export interface PrefetchResult {
  notFound?: boolean;
}

export interface PrefetchContext<Id extends ModuleId> {
  /** The request's own cache; what is in it when drawing starts is drawn, and handed to the page. */
  queryClient: import('@tanstack/react-query').QueryClient;
  /** The route's parameters (`:id`). */
  params: Readonly<Record<string, string | undefined>>;
  props: ModuleProps<Id>;
  signal: AbortSignal;
}

/** A remote's exposed module, fetched (once) through the federation runtime. */
export function loadScreenModule<Id extends ModuleId>(id: Id): Promise<ScreenModule<Id>> {
  return loadRemoteModule<ScreenModule<Id>>(id);
}

/** Never settles: React keeps the server's markup for a boundary waiting on it. */
const ServerMarkup = lazy(() => new Promise<never>(() => undefined));

/**
 * Renders a remote's exposed module lazily, behind its own error boundary: a remote that is
 * down costs only its own area of the page, with a Try again that fetches it afresh. The id and
 * the props are checked against the screen registry (shared-contract's ExposedModules).
 *
 * `staticMarkup`: a screen with nothing that needs a script. When the page arrived with it drawn
 * by the server, its markup is left as it is (React leaves a boundary that is still waiting
 * alone) and its code is not fetched; reached from another screen, it is drawn as usual.
 */
export function RemoteComponent<Id extends ModuleId>({
  id,
  props,
  fallback,
  staticMarkup = false,
}: {
  id: Id;
  props: ModuleProps<Id>;
  fallback?: ReactNode;
  staticMarkup?: boolean;
}) {
  // Only for the module it was drawn for: an instance handed another module draws that one.
  const [keptFor] = useState(() => (staticMarkup && isServerMarkupKept(id) ? id : null));
  const keepServerMarkup = keptFor === id;
  const [attempt, setAttempt] = useState(0);
  const area = remoteNameOf(id);
  const Lazy = useMemo(
    () => (keepServerMarkup ? ServerMarkup : lazy(() => loadScreenModule(id) as Promise<{ default: ComponentType<ModuleProps<Id>> }>)),
    // A new attempt needs a new lazy(): React caches a rejected one forever.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- attempt is unused inside, but must renew the lazy()
    [id, attempt, keepServerMarkup],
  );
  return (
    <RemoteErrorBoundary
      key={attempt}
      area={area}
      onRetry={() => {
        resetRemote(area);
        setAttempt((n) => n + 1);
      }}
    >
      <Suspense fallback={fallback ?? <Spinner />}>
        <Lazy {...props} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
