import type { ScreenLoaders } from '@usedcars/federation';
import { loadConversation, loadInbox } from '../lib/messageQueries';

/**
 * What each messages screen reads before it is shown: run by the render server and by the page
 * before a navigation, from this very build (docs/how-to.md, "Change what a screen reads").
 */
export const loaders: ScreenLoaders<'messages'> = {
  'messages/InboxPage': loadInbox,
  'messages/ConversationPage': loadConversation,
  // The question form reads the car when shown.
  'messages/AskSellerPage': null,
};
