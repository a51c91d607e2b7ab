// DashboardLayout shows the dashboard's error screen around it (features/layout/DashboardErrorScreen).
import { withProbe } from '../probe';
import AddProductPage from '../features/add-product/AddProductPage';

export default withProbe(AddProductPage);
