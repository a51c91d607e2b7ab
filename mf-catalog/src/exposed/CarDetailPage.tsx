import { withProbe } from '../probe';
import CarDetailPage from '../features/car-detail/CarDetailPage';

export default withProbe(CarDetailPage);
