import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { ErrorScreen } from '@usedcars/shared-auth';

interface Props {
  /** The address shown when the error was caught: moving elsewhere shows the screens again. */
  path: string;
  children: ReactNode;
}

interface State {
  error: unknown;
  path: string | null;
}

class Boundary extends Component<Props, State> {
  override state: State = { error: null, path: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  // The error belongs to the address it happened at; navigating away (Log out → /login, a
  // navbar link) leaves it behind, as a route error does in React Router's data router.
  static getDerivedStateFromProps(props: Props, state: State) {
    if (state.error === null) return { path: props.path };
    return props.path === state.path ? null : { error: null, path: props.path };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('[shell] a screen failed', error, info.componentStack);
  }

  // The screen that threw is gone from the page; Try again mounts it anew.
  override render() {
    const { error } = this.state;
    return error === null ? this.props.children : <ErrorScreen error={error} onRetry={() => this.setState({ error: null })} />;
  }
}

/**
 * A route's error screen (docs/product.md, "When something fails"): each screen of the main
 * layout has one, so a screen that throws shows the error in its own area while the navigation
 * bar and the footer stay; the one around the layout catches the layout's own failures.
 * (RemoteComponent's own boundary reports a remote screen's error and passes it here; it stands
 * in only for a remote that could not be fetched.)
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return <Boundary path={useLocation().pathname}>{children}</Boundary>;
}
