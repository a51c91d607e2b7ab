export { default } from '../features/conversation/ConversationPage';

/** The conversation and its newest messages, read before it is rendered; an id not the viewer's is a 404. */
export { loadConversation as prefetch } from '../lib/messageQueries';
