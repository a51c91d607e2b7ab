export { default } from '../features/brand-list/BrandListPage';
