import { withProbe } from '../probe';
import DashboardLayout from '../features/layout/DashboardLayout';

export default withProbe(DashboardLayout);
