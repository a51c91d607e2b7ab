import { pageSession, startIdentity } from '@usedcars/shared-auth';
import { renderStandalone } from '@usedcars/shared-ui/standalone';
import InboxPage from './exposed/InboxPage';
import AskSellerPage from './exposed/AskSellerPage';
import ConversationPage from './exposed/ConversationPage';

// This remote's screens alone, where the screen registry places them.
void renderStandalone(
  'messages',
  {
    'messages/InboxPage': InboxPage,
    'messages/AskSellerPage': AskSellerPage,
    'messages/ConversationPage': ConversationPage,
  },
  { session: pageSession, startIdentity },
);
