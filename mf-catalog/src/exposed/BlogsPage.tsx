import { withProbe } from '../probe';
import BlogsPage from '../features/blogs/BlogsPage';

export default withProbe(BlogsPage);
