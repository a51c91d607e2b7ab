import { withProbe } from '../probe';
import { withDashboardErrorScreen } from '../features/layout/DashboardErrorScreen';
import DashboardHome from '../features/home/DashboardHome';

export default withProbe(withDashboardErrorScreen(DashboardHome));
