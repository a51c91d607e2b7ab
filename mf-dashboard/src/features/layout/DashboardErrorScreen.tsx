import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen } from '@usedcars/shared-auth';

/**
 * The dashboard's own error screen (docs/product.md, "When something fails"), put in two places:
 * DashboardLayout wraps the current dashboard screen (its Outlet) in it, whichever remote rendered
 * that screen (checkout's payment page included), so a screen that throws is shown beside the
 * dashboard's navigation; exposed/DashboardLayout wraps the layout itself. The other exposed
 * screens need none of their own: they always render inside the layout. The shell's
 * RouteErrorBoundary is left for what fails outside this remote.
 */
export class DashboardErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('[dashboard]', error, info.componentStack);
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    return <ErrorScreen error={this.state.error} onRetry={() => this.setState({ error: null })} />;
  }
}
