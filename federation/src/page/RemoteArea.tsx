import { Component, lazy, Suspense, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import type { ModuleId, ModuleProps } from '@usedcars/shared-contract';
import { isRemoteUnavailable, loadScreenModule, remoteNameOf } from './loadScreenModule';
import { forgetRemoteRegistration } from './remoteRegistry';
import { isServerMarkupKept } from './serverMarkup';

export interface FallbackProps {
  /** The remote whose area could not be fetched. */
  area: string;
  onRetry: () => void;
}

interface BoundaryProps {
  area: string;
  onRetry: () => void;
  renderFallback: (props: FallbackProps) => ReactNode;
  children: ReactNode;
}

/**
 * Catches only a part of the site that could not be fetched. A screen that loaded and then threw
 * is a route error: it goes on to the route's error screen (docs/product.md, "When something fails").
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
    return this.props.renderFallback({
      area: this.props.area,
      onRetry: () => {
        this.setState({ error: null });
        this.props.onRetry();
      },
    });
  }
}

/** Never settles: React keeps the server's markup for a boundary waiting on it. */
const ServerMarkup = lazy(() => new Promise<never>(() => undefined));

export interface RemoteAreaProps<Id extends ModuleId> {
  id: Id;
  props: ModuleProps<Id>;
  /** While the module loads. */
  loading: ReactNode;
  /** When it could not be fetched; onRetry fetches it afresh. */
  renderFallback: (props: FallbackProps) => ReactNode;
  /** A screen with nothing that needs a script: server-rendered markup is kept and its code not fetched. */
  staticMarkup?: boolean;
}

/**
 * A remote's exposed module, rendered lazily behind its own error boundary: a remote that is down
 * costs only its own area, with a retry that forgets its registration and fetches it afresh.
 */
export function RemoteArea<Id extends ModuleId>({ id, props, loading, renderFallback, staticMarkup = false }: RemoteAreaProps<Id>) {
  // Only for the module it was rendered for: an instance handed another module renders that one.
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
      renderFallback={renderFallback}
      onRetry={() => {
        forgetRemoteRegistration(area);
        setAttempt((n) => n + 1);
      }}
    >
      <Suspense fallback={loading}>
        <Lazy {...props} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
