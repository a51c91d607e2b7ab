import { type InfiniteData, type QueryClient, useInfiniteQuery, useQuery } from '@tanstack/react-query';
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

export const conversationsQuery = { queryKey: messageKeys.list, queryFn: ({ signal }: { signal: AbortSignal }) => fetchConversations(signal) };
export const conversationQuery = (id: string) => ({
  queryKey: messageKeys.conversation(id),
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchConversation(id, signal),
});
export const threadQuery = (id: string) => ({
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
