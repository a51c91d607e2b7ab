import type { ScreenLoaderContext, ScreenLoaderResult, ScreenLoaders } from '@usedcars/federation';
import { conversationQuery, conversationsQuery, messageKeys, threadQuery } from '../lib/messageQueries';

/** The inbox, read before it is rendered (on the server for the signed-in viewer). */
async function loadInbox({ queryClient, viewer }: ScreenLoaderContext<'messages/InboxPage'>): Promise<void> {
  if (viewer) await queryClient.prefetchQuery(conversationsQuery);
}

/** A conversation and its newest messages; an id that is not the viewer's is a 404. */
async function loadConversation({ queryClient, viewer, params }: ScreenLoaderContext<'messages/ConversationPage'>): Promise<ScreenLoaderResult> {
  const id = params.conversationId ?? '';
  if (!viewer) return { notFound: false };
  await Promise.all([queryClient.prefetchQuery(conversationQuery(id)), queryClient.prefetchInfiniteQuery(threadQuery(id))]);
  const failure = queryClient.getQueryState(messageKeys.conversation(id))?.error as { status?: number } | null | undefined;
  return { notFound: failure?.status === 404 };
}

/**
 * What each messages screen reads before it is shown, under the keys its hooks read: run by the
 * render server and by the page before a move, from this very build (docs/how-to.md, "Change what a screen reads").
 */
export const loaders: ScreenLoaders<'messages'> = {
  'messages/InboxPage': loadInbox,
  'messages/ConversationPage': loadConversation,
  // The question form reads the car when shown.
  'messages/AskSellerPage': null,
};
