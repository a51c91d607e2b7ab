import { withProbe } from '../probe';
import { withDashboardErrorScreen } from '../features/layout/DashboardErrorScreen';
import AddProductPage from '../features/add-product/AddProductPage';

export default withProbe(withDashboardErrorScreen(AddProductPage));
