import { type InfiniteData, type QueryClient, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { PrefetchContext } from '@usedcars/federation';
import type { ConversationMessage, MessagePage } from '@usedcars/shared-contract';
import { fetchConversation, fetchConversations, fetchMessages } from '@usedcars/shared-api/messages';

/** This remote's query keys: its screens' hooks and loaders read and fill the same entries. */
export const messageKeys = {
  all: ['messages'] as const,
  list: ['messages', 'conversations'] as const,
  conversation: (id: string) => ['messages', 'conversation', id] as const,
  thread: (id: string) => ['messages', 'thread', id] as const,
};

type ThreadPage = MessagePage & { older: string | null };
export type Thread = InfiniteData<ThreadPage>;

const conversationsQuery = { queryKey: messageKeys.list, queryFn: ({ signal }: { signal: AbortSignal }) => fetchConversations(signal) };
const conversationQuery = (id: string) => ({
  queryKey: messageKeys.conversation(id),
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchConversation(id, signal),
});
const threadQuery = (id: string) => ({
  queryKey: messageKeys.thread(id),
  queryFn: ({ pageParam, signal }: { pageParam: string | null; signal: AbortSignal }) => fetchMessages(id, pageParam ? { cursor: pageParam } : {}, signal),
  initialPageParam: null as string | null,
  // Pages go back in time: the next page is the one before the oldest shown.
  getNextPageParam: (page: ThreadPage) => page.older,
});

export const useConversations = () => useQuery(conversationsQuery);
export const useConversation = (id: string) => useQuery(conversationQuery(id));
export const useThread = (id: string) => useInfiniteQuery(threadQuery(id));

/** The thread's messages, oldest first, across the pages read. */
export function threadMessages(thread: Thread | undefined): ConversationMessage[] {
  return [...(thread?.pages ?? [])].reverse().flatMap((page) => page.items);
}

/** A message that arrived on the stream, added to its thread once (the newest page is the first). */
export function addToThread(queryClient: QueryClient, message: ConversationMessage): void {
  queryClient.setQueryData<Thread>(messageKeys.thread(message.conversationId), (thread) => {
    if (!thread || thread.pages.some((page) => page.items.some((item) => item._id === message._id))) return thread;
    const [newest, ...older] = thread.pages;
    return { ...thread, pages: [{ ...newest!, items: [...newest!.items, message] }, ...older] };
  });
}

/** The inbox, read before it is rendered (on the server for the signed-in viewer). */
export async function loadInbox({ queryClient, viewer }: PrefetchContext<'messages/InboxPage'>): Promise<void> {
  if (viewer) await queryClient.prefetchQuery(conversationsQuery);
}

/** A conversation and its newest messages; an id that is not the viewer's is a 404. */
export async function loadConversation({ queryClient, viewer, params }: PrefetchContext<'messages/ConversationPage'>): Promise<{ notFound: boolean }> {
  const id = params.conversationId ?? '';
  if (!viewer) return { notFound: false };
  await Promise.all([queryClient.prefetchQuery(conversationQuery(id)), queryClient.prefetchInfiniteQuery(threadQuery(id))]);
  const failure = queryClient.getQueryState(messageKeys.conversation(id))?.error as { status?: number } | null | undefined;
  return { notFound: failure?.status === 404 };
}
