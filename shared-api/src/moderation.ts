import type { AuditEntry, ConversationReport, Report, ReportInput } from '@usedcars/shared-contract';
// The entry, not './client': it is the copy the page shares (docs/architecture.md, "Decisions worth knowing").
import { request } from '@usedcars/shared-api';

export function reportListing(input: ReportInput): Promise<{ insertedId: string; message: string }> {
  return request('/reports', { method: 'POST', body: input });
}

export function fetchReports(signal?: AbortSignal): Promise<Report[]> {
  return request<Report[]>('/admin/reports', { signal });
}

export function fetchConversationReports(signal?: AbortSignal): Promise<ConversationReport[]> {
  return request<ConversationReport[]>('/admin/conversation-reports', { signal });
}

export function setListingHidden(carId: string, hidden: boolean, reason: string): Promise<{ message: string }> {
  return request(`/admin/cars/${encodeURIComponent(carId)}/${hidden ? 'hide' : 'restore'}`, { method: 'POST', body: { reason } });
}

export function setAccountSuspended(userId: string, suspended: boolean, reason: string): Promise<{ message: string }> {
  return request(`/admin/users/${encodeURIComponent(userId)}/${suspended ? 'suspend' : 'reinstate'}`, { method: 'POST', body: { reason } });
}

export function fetchAuditLog(signal?: AbortSignal): Promise<AuditEntry[]> {
  return request<AuditEntry[]>('/admin/audit-log', { signal });
}
