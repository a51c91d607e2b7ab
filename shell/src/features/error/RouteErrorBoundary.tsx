import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { ErrorScreen } from '@usedcars/shared-auth';

interface Props {
  /** The address shown when the error was caught: moving elsewhere shows the screens again. */
  path: string;
  children: ReactNode;
}

class Boundary extends Component<Props, { error: unknown; path: string | null }> {
  override state = { error: null as unknown, path: null as string | null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  // The error belongs to the address it happened at; navigating away (Log out → /login, a
  // navbar link) leaves it behind, as a route error does in React Router's data router.
  static getDerivedStateFromProps(props: Props, state: { error: unknown; path: string | null }) {
    if (state.error === null) return { path: props.path };
    return props.path === state.path ? null : { error: null, path: props.path };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('[shell] a screen failed', error, info.componentStack);
  }

  override render() {
    return this.state.error === null ? this.props.children : <ErrorScreen error={this.state.error} />;
  }
}

/**
 * The route error screen of the main layout and of the dashboard route (docs/product.md, "When
 * something fails"): a screen that throws shows 'Something went wrong!!!', what went wrong, and Log out. (RemoteComponent's
 * own boundary only stands in for a remote that could not be fetched, and passes the rest here.)
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return <Boundary path={useLocation().pathname}>{children}</Boundary>;
}
