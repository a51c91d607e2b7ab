import { withProbe } from '../probe';
import MyBuyersPage from '../features/my-buyers/MyBuyersPage';

export default withProbe(MyBuyersPage);
