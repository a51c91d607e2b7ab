export { default } from '../features/blogs/BlogsPage';
