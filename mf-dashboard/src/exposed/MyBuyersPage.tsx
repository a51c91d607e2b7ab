// DashboardLayout shows the dashboard's error screen around it (features/layout/DashboardErrorScreen).
import { withProbe } from '../probe';
import MyBuyersPage from '../features/my-buyers/MyBuyersPage';

export default withProbe(MyBuyersPage);
