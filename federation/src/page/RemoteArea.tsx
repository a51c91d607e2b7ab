import { Component, createContext, lazy, Suspense, useContext, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { remoteOf, type ModuleId, type ModuleProps } from '@usedcars/shared-contract';
import { connection } from './connection';
import { isRemoteUnavailable, loadedScreenModule, loadScreenModule } from './loadScreenModule';
import { isServerMarkupKept } from './serverMarkup';

export interface FallbackProps {
  area: string;
  onRetry: () => void;
}

export interface RemoteErrorReport {
  remote: string;
  module: string;
  kind: 'load' | 'boundary';
  error: unknown;
}
export type RemoteErrorHandler = (report: RemoteErrorReport) => void;

/** The shell provides it (its telemetry). */
export const RemoteErrorHandlerContext = createContext<RemoteErrorHandler | undefined>(undefined);

interface BoundaryProps {
  area: string;
  module: string;
  onError?: RemoteErrorHandler;
  onRetry: () => void;
  renderFallback: (props: FallbackProps) => ReactNode;
  children: ReactNode;
}

/** A screen that loaded and then threw is a route error (docs/product.md, "When something fails"). */
class RemoteErrorBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  /** React renders a screen that threw once more before giving up: the same error within a second is one. */
  private static last: { key: string; at: number } | null = null;

  override componentDidCatch(error: unknown) {
    if (!isRemoteUnavailable(error)) return;
    console.error(`[${this.props.area}]`, error);
    this.props.onError?.({ remote: this.props.area, module: this.props.module, kind: 'load', error });
  }

  private reportThrown(error: unknown) {
    const key = `${this.props.module}\n${error instanceof Error ? error.message : String(error)}`;
    const now = Date.now();
    const { last } = RemoteErrorBoundary;
    if (last?.key === key && now - last.at < 1_000) return;
    RemoteErrorBoundary.last = { key, at: now };
    this.props.onError?.({ remote: this.props.area, module: this.props.module, kind: 'boundary', error });
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (!isRemoteUnavailable(error)) {
      // Reported as it passes: a rethrown error never reaches this boundary's componentDidCatch.
      this.reportThrown(error);
      throw error;
    }
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
  loading: ReactNode;
  renderFallback: (props: FallbackProps) => ReactNode;
  /** Server-rendered markup is kept and its code not fetched. */
  staticMarkup?: boolean;
  onError?: RemoteErrorHandler;
}

/** A remote that is down costs only its own area, with a retry that fetches it afresh. */
export function RemoteArea<Id extends ModuleId>({ id, props, loading, renderFallback, staticMarkup = false, onError }: RemoteAreaProps<Id>) {
  const pageHandler = useContext(RemoteErrorHandlerContext);
  // Only for the module it was rendered for: an instance handed another module renders that one.
  const [keptFor] = useState(() => (staticMarkup && isServerMarkupKept(id) ? id : null));
  const keepServerMarkup = keptFor === id;
  const [attempt, setAttempt] = useState(0);
  const area = remoteOf(id);
  const Lazy = useMemo(
    () =>
      keepServerMarkup
        ? ServerMarkup
        : // Code loaded already (on the server, before rendering; in the page, a navigation waits for it): rendered at once.
          ((loadedScreenModule(id)?.default as ComponentType<ModuleProps<Id>> | undefined) ??
          lazy(() => loadScreenModule(id) as Promise<{ default: ComponentType<ModuleProps<Id>> }>)),
    // A new attempt needs a new lazy(): React caches a rejected one forever.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- attempt is unused inside, but must renew the lazy()
    [id, attempt, keepServerMarkup],
  );
  return (
    <RemoteErrorBoundary
      key={attempt}
      area={area}
      module={id}
      onError={onError ?? pageHandler}
      renderFallback={renderFallback}
      onRetry={() => {
        connection().registry.forget(area);
        setAttempt((n) => n + 1);
      }}
    >
      <Suspense fallback={loading}>
        <Lazy {...props} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
