import { withProbe } from '../probe';
import { withDashboardErrorScreen } from '../features/layout/DashboardErrorScreen';
import DashboardLayout from '../features/layout/DashboardLayout';

export default withProbe(withDashboardErrorScreen(DashboardLayout));
