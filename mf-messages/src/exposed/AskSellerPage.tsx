export { default } from '../features/ask-seller/AskSellerPage';
