// DashboardLayout shows the dashboard's error screen around it (features/layout/DashboardErrorScreen).
import { withProbe } from '../probe';
import MyProductPage from '../features/my-products/MyProductPage';

export default withProbe(MyProductPage);
