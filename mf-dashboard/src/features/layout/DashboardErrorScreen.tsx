import { Component, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { logOut } from '@usedcars/shared-auth';
import { Button, GhostButton, theme, usePageTitle } from '@usedcars/shared-ui';

/**
 * The dashboard's own error screen (SPEC.md §2 "Error screen"). The shell's route errorElement
 * covers failures of the dashboard route itself; a screen that throws inside this remote is
 * caught here, beside the dashboard's navigation, before the shell's generic fallback.
 */
export function DashboardErrorScreen({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  usePageTitle('Something went wrong');
  const navigate = useNavigate();
  return (
    <Box role="alert">
      <h1>Something went wrong!!!</h1>
      <p>{error instanceof Error ? error.message : String(error)}</p>
      <Actions>
        <Button
          type="button"
          onClick={async () => {
            await logOut();
            navigate('/login');
          }}
        >
          Log out
        </Button>
        <GhostButton type="button" onClick={onRetry}>
          Try again
        </GhostButton>
      </Actions>
    </Box>
  );
}

class DashboardErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('[dashboard]', error, info.componentStack);
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    return <DashboardErrorScreen error={this.state.error} onRetry={() => this.setState({ error: null })} />;
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

const Box = styled.section`
  padding: 24px;
  text-align: center;
  h1 {
    color: ${theme.color.danger};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: 12px;
`;
