import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createDeployToken,
  fetchCanaryAnalysis,
  fetchDeployTokens,
  fetchLiveSet,
  fetchPinnedRelease,
  fetchReleaseHistory,
  fetchTelemetrySummary,
  pinRelease,
  promoteCanary,
  revokeDeployToken,
  rollBackRelease,
  setCanaryShare,
} from '@usedcars/shared-api/releases';
import type { DeployTokenInput } from '@usedcars/shared-contract';
import { dashboardKeys } from '../../../lib/queryKeys';
import { forgetPin, keepPin, storedPin } from './pinCookie';

/**
 * Read once per visit: the sections mounting under the first reads (the server's, on a first load) must not read them
 * all again, which cost the hydrated page fifteen requests in one task; changes invalidate, health and verdicts poll.
 */
const FRESH_MS = 30_000;

/** The windows the health numbers cover; the API keeps them for TELEMETRY_RETENTION_DAYS. */
export const HEALTH_WINDOWS = [
  { label: 'Last hour', minutes: 60 },
  { label: 'Last 24 hours', minutes: 24 * 60 },
  { label: 'Last 7 days', minutes: 7 * 24 * 60 },
] as const;

/** The start of a window, to the minute, so the health queries keep one key while the window is chosen. */
export const healthSince = (minutes: number) => new Date(Math.floor(Date.now() / 60_000) * 60_000 - minutes * 60_000).toISOString();

/** GET /releases/live: what each remote runs now. */
export const liveSetQuery = () => queryOptions({ queryKey: dashboardKeys.releasesLive(), queryFn: ({ signal }) => fetchLiveSet(signal), staleTime: FRESH_MS });

/** GET /releases?remote=: the remote's history, newest first. */
export const releaseHistoryQuery = (remote: string) =>
  queryOptions({ queryKey: dashboardKeys.releaseHistory(remote), queryFn: ({ signal }) => fetchReleaseHistory(remote, signal), staleTime: FRESH_MS });

/**
 * GET /telemetry/summary: each release's health and top errors since `since`, read again every minute while shown.
 * Another window keeps the numbers on show until its own arrive, so the panel never collapses to a spinner under the reader.
 */
export const releaseHealthQuery = (remote: string, since: string) =>
  queryOptions({
    queryKey: dashboardKeys.releaseHealth(remote, since),
    queryFn: ({ signal }) => fetchTelemetrySummary(remote, since, signal),
    staleTime: FRESH_MS,
    refetchInterval: 60_000,
    placeholderData: keepPreviousData,
  });

/** GET /releases/analysis: the remote's canary judged against live, read again every 30 s while shown (a verdict can come any time). */
export const canaryAnalysisQuery = (remote: string) =>
  queryOptions({
    queryKey: dashboardKeys.canaryAnalysis(remote),
    queryFn: ({ signal }) => fetchCanaryAnalysis(remote, signal),
    staleTime: FRESH_MS,
    refetchInterval: 30_000,
  });

export const useLiveSet = () => useQuery(liveSetQuery());
export const useReleaseHistory = (remote: string) => useQuery(releaseHistoryQuery(remote));
export const useReleaseHealth = (remote: string, since: string) => useQuery(releaseHealthQuery(remote, since));
export const useCanaryAnalysis = (remote: string) => useQuery(canaryAnalysisQuery(remote));

/** A change to the registry: the set, the histories and the pin are read afresh after it. */
function useRegistryChange<Input, Output>(change: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: change, onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.releasesAll() }) });
}

export const usePromote = () => useRegistryChange((remote: string) => promoteCanary(remote));
export const useRollback = () =>
  useRegistryChange(({ remote, reason, to }: { remote: string; reason: string; to?: string }) => rollBackRelease(remote, reason, to));
export const useCanaryShare = () => useRegistryChange(({ remote, share }: { remote: string; share: number }) => setCanaryShare(remote, share));

/** The release this browser is pinned to, while its pin is valid (docs/releases.md, "Pin"). */
export const pinnedReleaseQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.releasePin(),
    // The cookie is read as the query runs, so a pin or unpin (which reads the registry afresh) shows at once.
    queryFn: ({ signal }) => {
      const pin = storedPin();
      return pin ? fetchPinnedRelease(pin, signal) : null;
    },
    staleTime: FRESH_MS,
  });

export const usePinnedRelease = () => useQuery(pinnedReleaseQuery());

export const usePin = () =>
  useRegistryChange(async ({ remote, version }: { remote: string; version: string }) => {
    const pinned = await pinRelease(remote, version);
    keepPin(pinned.pin, pinned.expiresAt);
    return pinned;
  });

export const useUnpin = () =>
  useRegistryChange(async () => {
    forgetPin();
  });

export const deployTokensQuery = () =>
  queryOptions({ queryKey: dashboardKeys.deployTokens(), queryFn: ({ signal }) => fetchDeployTokens(signal), staleTime: FRESH_MS });

export const useDeployTokens = () => useQuery(deployTokensQuery());

function useTokenChange<Input, Output>(change: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: change, onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.deployTokens() }) });
}

export const useCreateToken = () => useTokenChange((input: DeployTokenInput) => createDeployToken(input));
export const useRevokeToken = () => useTokenChange((id: string) => revokeDeployToken(id));
