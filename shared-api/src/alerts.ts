import type { NotificationPage, SavedSearch, SavedSearchInput } from '@usedcars/shared-contract';
// Through the package's own entry, not './client' (see favourites.ts).
import { request } from '@usedcars/shared-api';

/** Saved searches and notifications (docs/api.md, "Alerts"). */

export function saveSearch(input: SavedSearchInput): Promise<SavedSearch> {
  return request<SavedSearch>('/saved-searches', { method: 'POST', body: input });
}

export function fetchSavedSearches(signal?: AbortSignal): Promise<SavedSearch[]> {
  return request<SavedSearch[]>('/saved-searches', { signal });
}

export function deleteSavedSearch(id: string): Promise<{ message: string }> {
  return request(`/saved-searches/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** A page of the caller's notifications, newest first, with the unread count for the bell. */
export function fetchNotifications(page: { limit?: number; offset?: number } = {}, signal?: AbortSignal): Promise<NotificationPage> {
  return request<NotificationPage>('/notifications', { query: page, signal });
}

/** Marks these notifications read (all of them without ids); answers what is still unread. */
export function markNotificationsRead(ids?: string[]): Promise<{ unread: number }> {
  return request('/notifications/read', { method: 'POST', body: ids ? { ids } : {} });
}
