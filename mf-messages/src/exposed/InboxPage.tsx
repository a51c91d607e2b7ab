export { default } from '../features/inbox/InboxPage';

/** The inbox, read before it is rendered: on the server for the signed-in viewer. */
export { loadInbox as prefetch } from '../lib/messageQueries';
