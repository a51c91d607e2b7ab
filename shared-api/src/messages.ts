import { createParser } from 'eventsource-parser';
import type {
  Conversation,
  ConversationList,
  ConversationMessage,
  ConversationReportInput,
  ConversationStart,
  ConversationStarted,
  MessagePage,
  MessageStreamEvents,
} from '@usedcars/shared-contract';
import { NEXT_CURSOR_HEADER } from '@usedcars/shared-contract';
// The entry, not './client': it is the copy the page shares (docs/architecture.md, "Decisions worth knowing").
import { apiUrl, refreshedAccessToken, request, requestWithHeaders, storedAccessToken } from '@usedcars/shared-api';

export function fetchConversations(signal?: AbortSignal): Promise<ConversationList> {
  return request<ConversationList>('/conversations', { signal });
}

export function fetchConversation(id: string, signal?: AbortSignal): Promise<Conversation> {
  return request<Conversation>(`/conversations/${encodeURIComponent(id)}`, { signal });
}

export async function fetchMessages(
  id: string,
  page: { cursor?: string; limit?: number } = {},
  signal?: AbortSignal,
): Promise<MessagePage & { older: string | null }> {
  const { data, headers } = await requestWithHeaders<MessagePage>(`/conversations/${encodeURIComponent(id)}/messages`, { query: page, signal });
  return { ...data, older: headers.get(NEXT_CURSOR_HEADER) };
}

export function startConversation(input: ConversationStart): Promise<ConversationStarted> {
  return request<ConversationStarted>('/conversations', { method: 'POST', body: input });
}

export function sendMessage(id: string, text: string): Promise<ConversationMessage> {
  return request<ConversationMessage>(`/conversations/${encodeURIComponent(id)}/messages`, { method: 'POST', body: { text } });
}

export function markConversationRead(id: string): Promise<{ unread: number }> {
  return request(`/conversations/${encodeURIComponent(id)}/read`, { method: 'POST' });
}

export function setBlocked(id: string, blocked: boolean): Promise<{ message: string }> {
  return request(`/conversations/${encodeURIComponent(id)}/block`, { method: blocked ? 'POST' : 'DELETE' });
}

export function reportConversation(id: string, input: ConversationReportInput): Promise<{ insertedId: string; message: string }> {
  return request(`/conversations/${encodeURIComponent(id)}/report`, { method: 'POST', body: input });
}

export type MessageStreamListener = { [Name in keyof MessageStreamEvents]?: (data: MessageStreamEvents[Name]) => void };

const RECONNECT_MS = [1_000, 2_000, 5_000, 15_000, 30_000];

/** fetch, not EventSource: an EventSource cannot send the bearer token. */
export async function followMessages(listener: MessageStreamListener, signal: AbortSignal): Promise<void> {
  let lastEventId: string | null = null;
  let failures = 0;
  let refused = false;
  let token = storedAccessToken();
  while (!signal.aborted) {
    try {
      const headers: Record<string, string> = { Accept: 'text/event-stream' };
      if (token) headers.Authorization = `Bearer ${token}`;
      if (lastEventId) headers['Last-Event-ID'] = lastEventId;
      // Low: it stays open as long as the page, and never goes ahead of what the page loads (docs/performance.md, "The message stream").
      const response = await fetch(apiUrl('/conversations/stream'), { headers, signal, cache: 'no-store', priority: 'low' });
      if (response.status === 401) {
        // Once with a fresh token; refused again, the session is over.
        if (refused) return;
        refused = true;
        token = await refreshedAccessToken(token);
        if (!token) return;
        continue;
      }
      if (response.ok && response.body) {
        failures = 0;
        refused = false;
        const parser = createParser({
          onEvent: (event) => {
            if (event.id) lastEventId = event.id;
            const handle = listener[event.event as keyof MessageStreamEvents] as ((data: unknown) => void) | undefined;
            handle?.(JSON.parse(event.data));
          },
        });
        const reader = response.body.getReader();
        const decoder = new TextDecoder();
        for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) parser.feed(decoder.decode(chunk.value, { stream: true }));
        // Ended by the API (its time limit, a restart): again after the shortest wait, with the token held now.
        token = storedAccessToken();
      }
    } catch {
      if (signal.aborted) return;
    }
    const wait = RECONNECT_MS[Math.min(failures, RECONNECT_MS.length - 1)]!;
    failures += 1;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, wait);
      signal.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          resolve();
        },
        { once: true },
      );
    });
  }
}
