export { default } from '../features/payment/PaymentPage';
