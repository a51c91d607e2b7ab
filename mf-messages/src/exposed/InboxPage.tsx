export { default } from '../features/inbox/InboxPage';
