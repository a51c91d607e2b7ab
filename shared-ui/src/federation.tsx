import { Component, lazy, Suspense, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import styled from 'styled-components';
import { getInstance, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { Button } from './Button';
import { Spinner } from './Spinner';
import { theme } from './theme';

/**
 * Loading a remote's screen, and surviving its absence. This lives in shared-ui (a singleton
 * the shell provides) so the shell and a remote that shows another remote's piece (the catalog
 * showing checkout's booking dialog) use the same runtime instance and the same fallback.
 */

export class RemoteUnavailableError extends Error {
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

export function remoteNameOf(id: string): string {
  return id.split('/')[0] ?? id;
}

export async function loadRemoteModule<T>(id: string): Promise<T> {
  try {
    const mod = await loadRemote<T>(id);
    if (!mod) throw new Error(`${id} answered nothing`);
    return mod;
  } catch (error) {
    throw error instanceof RemoteUnavailableError ? error : new RemoteUnavailableError(remoteNameOf(id), error);
  }
}

/** Forgets a failed remote so the next load fetches its manifest afresh. */
export function resetRemote(name: string): void {
  const remote = getInstance()?.options.remotes.find((r) => r.name === name);
  if (remote) registerRemotes([remote], { force: true });
}

interface BoundaryProps {
  area: string;
  onRetry: () => void;
  children: ReactNode;
}

class RemoteErrorBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    console.error(`[${this.props.area}]`, error);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    const unavailable = this.state.error instanceof RemoteUnavailableError;
    return (
      <RemoteFallback
        area={this.props.area}
        unavailable={unavailable}
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

export function RemoteFallback({ area, unavailable, onRetry }: { area: string; unavailable: boolean; onRetry: () => void }) {
  const title = AREA_NAMES[area] ?? 'This part of the site';
  return (
    <Panel role="alert" aria-live="assertive" data-remote-fallback={area}>
      <h2>{title} is not available right now</h2>
      <p>
        {unavailable
          ? 'We could not reach it. The rest of the site still works; try again in a moment.'
          : 'Something went wrong while showing it. The rest of the site still works.'}
      </p>
      <Button type="button" onClick={onRetry}>
        Try again
      </Button>
    </Panel>
  );
}

/**
 * Renders the module `remote/exposed` lazily, behind its own error boundary: a remote that is
 * down or throws costs only its own area of the page.
 */
export function RemoteComponent<P extends object>({ id, props, fallback }: { id: string; props?: P; fallback?: ReactNode }) {
  const [attempt, setAttempt] = useState(0);
  const area = remoteNameOf(id);
  const Lazy = useMemo(
    () => lazy(() => loadRemoteModule<{ default: ComponentType<P> }>(id)),
    // A new attempt needs a new lazy(): React caches a rejected one forever.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [id, attempt],
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
        <Lazy {...((props ?? {}) as P)} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
