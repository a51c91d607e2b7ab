import CarDetailPage from '../features/car-detail/CarDetailPage';

export default CarDetailPage;

/** The car, read before the page is rendered (on the server an unknown id is a 404, an ended listing a 410), and in the shell before a move. */
export { loadCarDetail as prefetch } from '@usedcars/shared-api/loaders';
