import type {
  CanaryAnalysis,
  CreatedDeployToken,
  DeployToken,
  DeployTokenInput,
  LiveSet,
  PinnedRelease,
  PreviewLink,
  Release,
} from '@usedcars/shared-contract';
import type { TelemetrySummary } from '@usedcars/shared-contract/telemetry';
// The entry, not './client': it is the copy the page shares (docs/architecture.md, "Decisions worth knowing").
import { request } from '@usedcars/shared-api';

const remotePath = (remote: string, action: string) => `/releases/${encodeURIComponent(remote)}/${action}`;

export function fetchLiveSet(signal?: AbortSignal): Promise<LiveSet> {
  return request<LiveSet>('/releases/live', { signal, auth: 'none' });
}

export function fetchReleaseHistory(remote: string, signal?: AbortSignal, limit = 100): Promise<Release[]> {
  return request<Release[]>('/releases', { query: { remote, limit }, signal });
}

export function promoteCanary(remote: string): Promise<Release> {
  return request<Release>(remotePath(remote, 'promote'), { method: 'POST' });
}

export function rollBackRelease(remote: string, reason: string, to?: string): Promise<Release> {
  return request<Release>(remotePath(remote, 'rollback'), { method: 'POST', body: { reason, ...(to ? { to } : {}) } });
}

export function setCanaryShare(remote: string, share: number): Promise<Release> {
  return request<Release>(remotePath(remote, 'canary'), { method: 'PUT', body: { share } });
}

export function pinRelease(remote: string, version: string): Promise<{ pin: string; remote: string; version: string; expiresAt: string }> {
  return request('/releases/pin', { method: 'POST', body: { remote, version } });
}

export function fetchPinnedRelease(pin: string, signal?: AbortSignal): Promise<PinnedRelease> {
  return request<PinnedRelease>('/releases/pins', { query: { pin }, signal, auth: 'none' });
}

export function fetchDeployTokens(signal?: AbortSignal): Promise<DeployToken[]> {
  return request<DeployToken[]>('/deploy-tokens', { signal });
}

export function createDeployToken(input: DeployTokenInput): Promise<CreatedDeployToken> {
  return request<CreatedDeployToken>('/deploy-tokens', { method: 'POST', body: input });
}

export function revokeDeployToken(id: string): Promise<DeployToken> {
  return request<DeployToken>(`/deploy-tokens/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function fetchTelemetrySummary(remote: string, since: string, signal?: AbortSignal): Promise<TelemetrySummary> {
  return request<TelemetrySummary>('/telemetry/summary', { query: { remote, since }, signal });
}

export function fetchCanaryAnalysis(remote: string, signal?: AbortSignal): Promise<CanaryAnalysis[]> {
  return request<CanaryAnalysis[]>('/releases/analysis', { query: { remote }, signal });
}

/** The preview links neither expired nor withdrawn, newest first (an admin's token: every remote's). */
export function fetchPreviewLinks(signal?: AbortSignal): Promise<PreviewLink[]> {
  return request<PreviewLink[]>('/previews', { signal });
}

export function withdrawPreviewLink(id: string): Promise<PreviewLink> {
  return request<PreviewLink>(`/previews/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
