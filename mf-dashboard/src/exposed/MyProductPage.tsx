import { withProbe } from '../probe';
import { withDashboardErrorScreen } from '../features/layout/DashboardErrorScreen';
import MyProductPage from '../features/my-products/MyProductPage';

export default withProbe(withDashboardErrorScreen(MyProductPage));
