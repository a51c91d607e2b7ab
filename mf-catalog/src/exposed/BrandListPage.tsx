import { withProbe } from '../probeWithQueries';
import BrandListPage from '../features/brand-list/BrandListPage';

export default withProbe(BrandListPage);
