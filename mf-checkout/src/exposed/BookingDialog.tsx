export { default } from '../features/booking/BookingDialog';
