import { DashboardErrorBoundary } from '../features/layout/DashboardErrorScreen';
import DashboardLayout from '../features/layout/DashboardLayout';

/**
 * The layout puts the dashboard's error screen around the current screen itself; this outer one
 * catches the layout's own failures (its navigation, the arrival notice), still inside the dashboard.
 */
function GuardedDashboardLayout() {
  return (
    <DashboardErrorBoundary>
      <DashboardLayout />
    </DashboardErrorBoundary>
  );
}

export default GuardedDashboardLayout;
