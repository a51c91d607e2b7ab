import CarDetailPage from '../features/car-detail/CarDetailPage';

export default CarDetailPage;
