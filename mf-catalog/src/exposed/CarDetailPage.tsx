import { withProbe } from '../probeWithQueries';
import CarDetailPage from '../features/car-detail/CarDetailPage';

export default withProbe(CarDetailPage);
