export { default } from '../features/brand-list/BrandListPage';

/** The page of cars the address asks for: on the render server for a signed-in visitor, and in the shell before a move. */
export { loadBrandList as prefetch } from '@usedcars/shared-api/loaders';
