// DashboardLayout shows the dashboard's error screen around it (features/layout/DashboardErrorScreen).
export { default } from '../features/my-products/MyProductPage';

/** A seller's cars: read on the render server, and in the shell before a move. */
export { loadMyProductPage as prefetch } from '@usedcars/shared-api/loaders';
