import { withProbe } from '../probe';
import DashboardHome from '../features/home/DashboardHome';

export default withProbe(DashboardHome);
