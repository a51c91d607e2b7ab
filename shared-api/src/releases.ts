import type { CanaryAnalysis, CreatedDeployToken, DeployToken, DeployTokenInput, LiveSet, PinnedRelease, Release } from '@usedcars/shared-contract';
import type { TelemetrySummary } from '@usedcars/shared-contract/telemetry';
// Through the package's own entry, not './client' (see favourites.ts).
import { request } from '@usedcars/shared-api';

/** The release registry, deploy tokens and per-release health (docs/api.md, "Releases" and "Telemetry"), for the admin's Releases screen. */

const remotePath = (remote: string, action: string) => `/releases/${encodeURIComponent(remote)}/${action}`;

export function fetchLiveSet(signal?: AbortSignal): Promise<LiveSet> {
  return request<LiveSet>('/releases/live', { signal, auth: 'none' });
}

/** Newest first, at most `limit` of one remote. */
export function fetchReleaseHistory(remote: string, signal?: AbortSignal, limit = 100): Promise<Release[]> {
  return request<Release[]>('/releases', { query: { remote, limit }, signal });
}

export function promoteCanary(remote: string): Promise<Release> {
  return request<Release>(remotePath(remote, 'promote'), { method: 'POST' });
}

/** Takes the canary out, or puts back the release live before (or `to`); answers the release live afterwards. */
export function rollBackRelease(remote: string, reason: string, to?: string): Promise<Release> {
  return request<Release>(remotePath(remote, 'rollback'), { method: 'POST', body: { reason, ...(to ? { to } : {}) } });
}

export function setCanaryShare(remote: string, share: number): Promise<Release> {
  return request<Release>(remotePath(remote, 'canary'), { method: 'PUT', body: { share } });
}

/** A signed pin for the admin's own browser, kept by the page in the release_pin cookie. */
export function pinRelease(remote: string, version: string): Promise<{ pin: string; remote: string; version: string; expiresAt: string }> {
  return request('/releases/pin', { method: 'POST', body: { remote, version } });
}

/** What a pin names while it is valid (404 once it is not). */
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

/** Each release of a remote seen since `since`: page views, errors, p75 Web Vitals, render fallbacks, per minute. */
export function fetchTelemetrySummary(remote: string, since: string, signal?: AbortSignal): Promise<TelemetrySummary> {
  return request<TelemetrySummary>('/telemetry/summary', { query: { remote, since }, signal });
}

/** Each canary of a remote judged against live: the verdict, the numbers behind it, its progress and ramp. */
export function fetchCanaryAnalysis(remote: string, signal?: AbortSignal): Promise<CanaryAnalysis[]> {
  return request<CanaryAnalysis[]>('/releases/analysis', { query: { remote }, signal });
}
