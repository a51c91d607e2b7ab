import type { AuditEntry, ConversationReport, Report, ReportInput } from '@usedcars/shared-contract';
// Through the package's own entry, not './client' (see favourites.ts).
import { request } from '@usedcars/shared-api';

/** Reports and the admin's moderation (docs/api.md, "Moderation"). */

export function reportListing(input: ReportInput): Promise<{ insertedId: string; message: string }> {
  return request('/reports', { method: 'POST', body: input });
}

export function fetchReports(signal?: AbortSignal): Promise<Report[]> {
  return request<Report[]>('/admin/reports', { signal });
}

/** Reported conversations, newest first, each with the messages it was reported with. */
export function fetchConversationReports(signal?: AbortSignal): Promise<ConversationReport[]> {
  return request<ConversationReport[]>('/admin/conversation-reports', { signal });
}

/** Hides a listing (or shows it again) with the reason its seller and booked buyers are told. */
export function setListingHidden(carId: string, hidden: boolean, reason: string): Promise<{ message: string }> {
  return request(`/admin/cars/${encodeURIComponent(carId)}/${hidden ? 'hide' : 'restore'}`, { method: 'POST', body: { reason } });
}

/** Suspends an account (a seller, or a buyer who abused messages), or reinstates it, with the reason they are told. */
export function setAccountSuspended(userId: string, suspended: boolean, reason: string): Promise<{ message: string }> {
  return request(`/admin/users/${encodeURIComponent(userId)}/${suspended ? 'suspend' : 'reinstate'}`, { method: 'POST', body: { reason } });
}

export function fetchAuditLog(signal?: AbortSignal): Promise<AuditEntry[]> {
  return request<AuditEntry[]>('/admin/audit-log', { signal });
}
