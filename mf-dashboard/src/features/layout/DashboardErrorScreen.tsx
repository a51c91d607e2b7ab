import { Component, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen } from '@usedcars/shared-auth';

/**
 * The dashboard's own error screen (SPEC.md §2 "Error screen"). DashboardLayout puts it around
 * the current dashboard screen, whichever remote drew it (checkout's payment page included),
 * so a screen that throws is shown beside the dashboard's navigation; the layout itself is
 * wrapped too. The shell's route errorElement is left for failures of the dashboard route.
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

/** Wraps an exposed dashboard screen in the dashboard's error screen. */
export function withDashboardErrorScreen<P extends object>(Screen: ComponentType<P>) {
  function Guarded(props: P) {
    return (
      <DashboardErrorBoundary>
        <Screen {...props} />
      </DashboardErrorBoundary>
    );
  }
  Guarded.displayName = `WithDashboardErrorScreen(${Screen.displayName ?? Screen.name})`;
  return Guarded;
}
