// DashboardLayout shows the dashboard's error screen around it (features/layout/DashboardErrorScreen).
export { default } from '../features/my-buyers/MyBuyersPage';

/** A seller's bookings of their cars: read on the render server, and in the shell before a move. */
export { loadMyBuyersPage as prefetch } from '@usedcars/shared-api/loaders';
