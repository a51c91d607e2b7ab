import { queryOptions, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchPreviewLinks, withdrawPreviewLink } from '@usedcars/shared-api/releases';
import type { PreviewLink } from '@usedcars/shared-contract';
import type { ReleaseHealth } from '@usedcars/shared-contract/telemetry';
import { dashboardKeys } from '../../../lib/queryKeys';
import { releaseHealthQuery } from '../releases/useReleases';

/** GET /previews: every remote's live links, read again every minute while shown (a link may expire or be withdrawn by its team). */
const previewLinksQuery = () =>
  queryOptions({ queryKey: dashboardKeys.previewLinks(), queryFn: ({ signal }) => fetchPreviewLinks(signal), staleTime: 5_000, refetchInterval: 60_000 });

export const usePreviewLinks = () => useQuery(previewLinksQuery());

export function useWithdrawPreviewLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => withdrawPreviewLink(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.previewLinks() }),
  });
}

/** What a preview's row shows of its numbers. */
export interface PreviewNumbers {
  health: ReleaseHealth | null;
  isPending: boolean;
  isError: boolean;
}

const releaseKey = (remote: string, version: string) => `${remote} ${version}`;

/** The minute of an instant: the summary counts by the minute, and one start keeps one query key while the screen is shown. */
const minuteOf = (iso: string) => new Date(Math.floor(Date.parse(iso) / 60_000) * 60_000).toISOString();

/**
 * Each linked release's numbers since its oldest live link was made, so a version that was a canary
 * or live before its link does not bring those visitors' numbers along (docs/releases.md, "Previews").
 */
function numberWindows(links: readonly PreviewLink[]): Array<{ remote: string; version: string; since: string }> {
  const oldest = new Map<string, { remote: string; version: string; since: string }>();
  for (const link of links) {
    if (link.kind !== 'release' || !link.version) continue;
    const key = releaseKey(link.remote, link.version);
    const since = minuteOf(link.createdAt);
    const known = oldest.get(key);
    if (!known || since < known.since) oldest.set(key, { remote: link.remote, version: link.version, since });
  }
  return [...oldest.values()];
}

/** GET /telemetry/summary once per linked release: its page views, errors and p75 vitals, keyed by remote and version. */
export function usePreviewNumbers(links: readonly PreviewLink[] | undefined): (link: PreviewLink) => PreviewNumbers | null {
  const windows = numberWindows(links ?? []);
  const byRelease = useQueries({
    queries: windows.map(({ remote, since }) => releaseHealthQuery(remote, since)),
    combine: (results) =>
      new Map(
        windows.map(({ remote, version }, index) => {
          const result = results[index]!;
          const health = result.data?.releases.find((release) => release.release === version) ?? null;
          return [releaseKey(remote, version), { health, isPending: result.isPending, isError: result.isError && !result.data }];
        }),
      ),
  });
  return (link) => (link.version ? (byRelease.get(releaseKey(link.remote, link.version)) ?? null) : null);
}
