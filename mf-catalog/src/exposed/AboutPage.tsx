import { withProbe } from '../probe';
import AboutPage from '../features/about/AboutPage';

export default withProbe(AboutPage);
