import { withProbe } from '../probe';
import BrandListPage from '../features/brand-list/BrandListPage';

export default withProbe(BrandListPage);
