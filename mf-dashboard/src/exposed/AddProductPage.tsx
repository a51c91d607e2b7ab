import { withProbe } from '../probe';
import AddProductPage from '../features/add-product/AddProductPage';

export default withProbe(AddProductPage);
