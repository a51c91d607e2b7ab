// DashboardLayout shows the dashboard's error screen around it (features/layout/DashboardErrorScreen).
import { withProbe } from '../probe';
import DashboardHome from '../features/home/DashboardHome';

export default withProbe(DashboardHome);
