import { withProbe } from '../probe';
import HomePage from '../features/home/HomePage';

export default withProbe(HomePage);
