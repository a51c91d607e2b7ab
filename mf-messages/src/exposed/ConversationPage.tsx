export { default } from '../features/conversation/ConversationPage';
