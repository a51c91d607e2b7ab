import { withProbe } from '../probe';
import MyProductPage from '../features/my-products/MyProductPage';

export default withProbe(MyProductPage);
