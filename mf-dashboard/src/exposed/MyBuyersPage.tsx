import { withProbe } from '../probe';
import { withDashboardErrorScreen } from '../features/layout/DashboardErrorScreen';
import MyBuyersPage from '../features/my-buyers/MyBuyersPage';

export default withProbe(withDashboardErrorScreen(MyBuyersPage));
