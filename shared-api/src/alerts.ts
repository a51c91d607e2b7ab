import type { NotificationPage, SavedSearch, SavedSearchInput } from '@usedcars/shared-contract';
// The entry, not './client': it is the copy the page shares (docs/architecture.md, "Decisions worth knowing").
import { request } from '@usedcars/shared-api';

export function saveSearch(input: SavedSearchInput): Promise<SavedSearch> {
  return request<SavedSearch>('/saved-searches', { method: 'POST', body: input });
}

export function fetchSavedSearches(signal?: AbortSignal): Promise<SavedSearch[]> {
  return request<SavedSearch[]>('/saved-searches', { signal });
}

export function deleteSavedSearch(id: string): Promise<{ message: string }> {
  return request(`/saved-searches/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function fetchNotifications(page: { limit?: number; offset?: number } = {}, signal?: AbortSignal): Promise<NotificationPage> {
  return request<NotificationPage>('/notifications', { query: page, signal });
}

export function markNotificationsRead(ids?: string[]): Promise<{ unread: number }> {
  return request('/notifications/read', { method: 'POST', body: ids ? { ids } : {} });
}
