import { renderStandalone } from '@usedcars/federation/standalone';
import InboxPage from './exposed/InboxPage';
import AskSellerPage from './exposed/AskSellerPage';
import ConversationPage from './exposed/ConversationPage';

// This remote's screens alone, where the screen registry places them.
void renderStandalone('messages', {
  'messages/InboxPage': InboxPage,
  'messages/AskSellerPage': AskSellerPage,
  'messages/ConversationPage': ConversationPage,
});
