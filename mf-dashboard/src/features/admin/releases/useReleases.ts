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

/** GET /releases/live: what each remote runs now. */
export const liveSetQuery = () => queryOptions({ queryKey: dashboardKeys.releasesLive(), queryFn: ({ signal }) => fetchLiveSet(signal), staleTime: 0 });

/** GET /releases?remote=: the remote's history, newest first. */
export const releaseHistoryQuery = (remote: string) =>
  queryOptions({ queryKey: dashboardKeys.releaseHistory(remote), queryFn: ({ signal }) => fetchReleaseHistory(remote, signal), staleTime: 0 });

/**
 * GET /telemetry/summary: each release's health and top errors since `since`, read again every minute while shown.
 * Another window keeps the numbers on show until its own arrive, so the panel never collapses to a spinner under the reader.
 */
export const releaseHealthQuery = (remote: string, since: string) =>
  queryOptions({
    queryKey: dashboardKeys.releaseHealth(remote, since),
    queryFn: ({ signal }) => fetchTelemetrySummary(remote, since, signal),
    staleTime: 0,
    refetchInterval: 60_000,
    placeholderData: keepPreviousData,
  });

/** GET /releases/analysis: the remote's canary judged against live, read again every 30 s while shown (a verdict can come any time). */
export const canaryAnalysisQuery = (remote: string) =>
  queryOptions({
    queryKey: dashboardKeys.canaryAnalysis(remote),
    queryFn: ({ signal }) => fetchCanaryAnalysis(remote, signal),
    staleTime: 0,
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
    staleTime: 0,
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
  queryOptions({ queryKey: dashboardKeys.deployTokens(), queryFn: ({ signal }) => fetchDeployTokens(signal), staleTime: 0 });

export const useDeployTokens = () => useQuery(deployTokensQuery());

function useTokenChange<Input, Output>(change: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: change, onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.deployTokens() }) });
}

export const useCreateToken = () => useTokenChange((input: DeployTokenInput) => createDeployToken(input));
export const useRevokeToken = () => useTokenChange((id: string) => revokeDeployToken(id));
